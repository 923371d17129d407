"""The shared classifier of *it*: every reading, and the antecedent of referential *it*."""
import pytest

from multivalue_cli.engine.it_classifier import (
    CLEFT, DUMMY, EVENT, EXTRAPOSITION, IDIOM, REFERENTIAL, UNCERTAIN, UNRESOLVED, WEATHER_TIME,
    classify_it, is_dummy_it, referential_antecedent,
)


def first_it(doc, nth=0):
    return [t for t in doc if t.lower_ == "it"][nth]


@pytest.mark.parametrize("text,kind", [
    ("It snowed heavily last night.", WEATHER_TIME),
    ("It rained 2 inches on Monday.", WEATHER_TIME),
    ("It's getting dark outside.", WEATHER_TIME),
    ("It was ten o'clock when we left.", WEATHER_TIME),
    ("It was her birthday, so we sang.", WEATHER_TIME),
    ("It is your turn now.", WEATHER_TIME),
    ("It was a quiet week at the office.", WEATHER_TIME),
    ("Buy the sofa now, since it's the end of the month.", WEATHER_TIME),
    ("We bought the flat, but it's going to be too expensive to paint it.", EXTRAPOSITION),
    ("The exam was long. It's hardest for the younger pupils.", UNCERTAIN),
    ("We reached the lake. Oh, it's so quiet here.", UNCERTAIN),
    ("Whatever happens, it is in your power to change this.", EXTRAPOSITION),
    ("It is essential that everyone signs the form.", EXTRAPOSITION),
    ("It took them three days to finish the wall.", EXTRAPOSITION),
    ("It was Maria who found the keys.", CLEFT),
    ("It seems that nobody noticed.", DUMMY),
    ("It turns out the shop was closed.", DUMMY),
    ("It turned out that he was right.", DUMMY),
    ("It's up to the committee now.", DUMMY),
    ("You are overdoing it with the salt.", IDIOM),
    ("The two neighbours hit it off at once.", IDIOM),
    ("If you want the job, go for it.", IDIOM),
    ("Sorry, I can't make it on Friday.", IDIOM),
    ("After ten years together they called it quits.", IDIOM),
    ("The doctor told him to take it easy for a week.", IDIOM),
    ("For my aunt, it was the third operation this year.", EVENT),
    ("The doctor called and said it was over.", EVENT),
    ("It happened while we were asleep.", EVENT),
    ("I never believed it.", EVENT),
    ("It was a mistake to trust them.", EXTRAPOSITION),
    ("We lost the match, and it was a real shame.", EVENT),
    ("The train arrived, but it was late.", UNCERTAIN),
    ("Is it broken?", UNRESOLVED),
])
def test_readings(nlp, text, kind):
    assert classify_it(first_it(nlp(text))).kind == kind


@pytest.mark.parametrize("text,antecedent", [
    ("She dropped the vase and it broke.", "vase"),
    ("My bike is old, but it still rides well.", "bike"),
    ("The kettle leaks again. Can you fix it?", "kettle"),
    ("We planted a tree, and it grew fast.", "tree"),
])
def test_referential_it_names_its_antecedent(nlp, text, antecedent):
    it = first_it(nlp(text))
    reading = classify_it(it)
    assert reading.kind == REFERENTIAL and reading.referential
    assert reading.antecedent.text == antecedent
    assert referential_antecedent(it).text == antecedent


@pytest.mark.parametrize("text", [
    "For the young man, it was the second interview.",  # a person is no antecedent of it
    "My cousin visited, and it was lovely.",
])
def test_people_are_not_antecedents_of_it(nlp, text):
    assert referential_antecedent(first_it(nlp(text))) is None


def test_dummy_helper_and_other_words(nlp):
    doc = nlp("It is raining, and she took it.")
    assert is_dummy_it(first_it(doc))
    assert classify_it(doc[4]) is None  # "she"
    assert not is_dummy_it(doc[4])


def test_reading_is_kept_per_document(nlp):
    doc = nlp("The lamp fell and it broke.")
    it = first_it(doc)
    assert classify_it(it) == classify_it(it)
    assert classify_it(it).antecedent.text == "lamp"


@pytest.mark.parametrize("text,expected", [
    ("I think it's bad luck to break a mirror.", True),
    ("It is the job of the police to protect the public.", True),
    ("Honestly, it is a crime to waste good food.", True),
    ("It is a hard habit to break.", False),
    ("It is the task of a judge to hear or decide the case.", True),
    ("It's a good book to read on the train.", False),
    ("It was a nice house to live in.", False),
    ("It is raining.", False),
])
def test_extraposed_noun_infinitive(nlp, text, expected):
    from multivalue_cli.engine.it_classifier import extraposed_noun_infinitive

    doc = nlp(text)
    it = next(t for t in doc if t.lower_ == "it")
    assert extraposed_noun_infinitive(it) is expected


@pytest.mark.parametrize("text,expected", [
    ("Was it supposed to be washed by hand?", True),
    ("The bridge is old, and it is expected to be replaced soon.", True),
    ("It is not allowed to smoke here.", False),
    ("It is said that he left.", False),
])
def test_raised_into_passive(nlp, text, expected):
    from multivalue_cli.engine.it_classifier import raised_into_passive

    assert raised_into_passive(first_it(nlp(text))) is expected
