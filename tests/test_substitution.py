"""Rules declared as a table of word substitutions (``substitution_rule``): the words they
find, the condition, the default and alternative replacements, and the registration."""
import pytest

from multivalue_cli.engine import registry as registry_module
from multivalue_cli.engine.apply import Engine
from multivalue_cli.engine.docindex import DocIndex
from multivalue_cli.engine.edits import Replace, site
from multivalue_cli.engine.substitution import substitution_rule

# A catalogued feature without a rule of its own, so a test may register one under its name.
UNRULED = "volition_changes"


@pytest.fixture
def fresh_registry(monkeypatch):
    """A copy of the registry for the test to add to, put back afterwards."""
    monkeypatch.setattr(registry_module, "_RULES", dict(registry_module.registry()))
    return registry_module._RULES


def _register(**options):
    return substitution_rule(
        UNRULED, {"will": ("would", "'d"), "shall": "should"}, doc="A test rule.",
        examples=[], negatives=[], **options)


def test_each_listed_word_becomes_its_replacement_with_the_alternatives(nlp, fresh_registry):
    substitute = _register(lemmas={"will", "shall"})
    doc = nlp("I will go, she shall stay, and the will is read.")
    sites = list(substitute(doc, DocIndex(doc)))
    will, shall, noun = (t.i for t in doc if t.lower_ in ("will", "shall"))
    assert sites == [site(Replace(will, "would"), alternatives=((Replace(will, "'d"),),)),
                     site(Replace(shall, "should")),
                     site(Replace(noun, "would"), alternatives=((Replace(noun, "'d"),),))]
    rule = fresh_registry[UNRULED]
    assert (rule.ewave, rule.category, rule.doc) == (115, "Tense and Aspect", "A test rule.")
    assert rule.lemmas == {"will", "shall"}


def test_only_where_the_condition_holds(nlp, fresh_registry):
    _register(where=lambda tok: tok.tag_ == "MD")
    result = Engine([(fresh_registry[UNRULED], 1.0)]).apply(nlp("The will says he will go."))
    assert result.text in ("The will says he would go.", "The will says he'd go.")
    assert len(result.edits) == 1


def test_a_word_in_any_case_is_found(nlp, fresh_registry):
    substitute = _register()
    doc = nlp("Shall we go?")
    assert list(substitute(doc, DocIndex(doc))) == [site(Replace(0, "should"))]


def test_the_index_finds_words_by_their_lower_cased_text_in_document_order(nlp):
    index = DocIndex(nlp("Me and him saw them; THEM and me left."))
    assert [t.i for t in index.form("me", "them")] == [0, 4, 6, 8]
    assert [t.text for t in index.form("him")] == ["him"]
    assert index.form("us") == []
