"""The genericity and counting helpers of the noun-phrase rules (``rules/noun_phrases/common.py``)
and the comparison and identification checks of double modals (``rules/mood.py``)."""
import pytest

from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.rules.mood import _measured_comparison, _specificational_clause
from multivalue_cli.rules.noun_phrases.common import counted_unit, generic_object, present_when_clause


def at(doc, text, nth=0):
    return [t for t in doc if t.text == text][nth].i


@pytest.mark.parametrize("text,verb,generic", [
    ("When you heat a metal rod, it expands.", "expands", True),
    ("When she opened a window, a bird flew in.", "flew", False),
    ("A bird flew in.", "flew", False),
])
def test_present_when_clause(nlp, text, verb, generic):
    doc = nlp(text)
    assert present_when_clause(DocIndex(doc), at(doc, verb)) is generic


@pytest.mark.parametrize("text,noun,verb,generic", [
    ("A warm bath relaxes a tired body.", "body", "relaxes", True),
    ("A warm bath relaxes a tired body.", "bath", "relaxes", True),
    ("A boy kicks a ball across the yard.", "ball", "kicks", False),
    ("A storm broke a window.", "window", "broke", False),
])
def test_generic_object(nlp, text, noun, verb, generic):
    doc = nlp(text)
    assert generic_object(DocIndex(doc), at(doc, noun), at(doc, verb)) is generic


@pytest.mark.parametrize("text,noun,counted", [
    ("She put the pens in a box, which holds 10 pens each.", "box", True),
    ("He filled a crate. Each crate sells for $8.", "crate", True),
    ("He filled a crate with pears.", "crate", False),
    ("They own a farm that has 3 barns with 20 cows in each barn.", "farm", False),
])
def test_counted_unit(nlp, text, noun, counted):
    doc = nlp(text)
    assert counted_unit(DocIndex(doc), at(doc, noun)) is counted


@pytest.mark.parametrize("text,modal,measured", [
    ("Tom earns more than his brother can earn.", "can", True),
    ("Mia can swim twice as far as Leo.", "can", True),
    ("You can do better next time.", "can", False),
    ("My cousin can fix your truck.", "can", False),
])
def test_measured_comparison(nlp, text, modal, measured):
    doc = nlp(text)
    assert _measured_comparison(doc[at(doc, modal)]) is measured


@pytest.mark.parametrize("text,modal,identified", [
    ("The question is what the city can do for its schools.", "can", True),
    ("I know what we should do.", "should", False),
])
def test_specificational_clause(nlp, text, modal, identified):
    doc = nlp(text)
    assert _specificational_clause(doc[at(doc, modal)]) is identified


@pytest.mark.parametrize("text,noun,result", [
    ("They turned the old barn into a studio.", "studio", True),
    ("She poured the soup into a bowl.", "bowl", False),
])
def test_result_predicate(nlp, text, noun, result):
    from multivalue_cli.rules.noun_phrases.common import result_predicate

    doc = nlp(text)
    assert result_predicate(DocIndex(doc), at(doc, noun)) is result
