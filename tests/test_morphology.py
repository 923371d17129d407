import pytest

from multivalue_cli.engine.morphology import indefinite_article, person_number, plural_noun


@pytest.mark.parametrize(
    "word,article",
    [("apple", "an"), ("car", "a"), ("hour", "an"), ("honest", "an"), ("hotel", "a"),
     ("university", "a"), ("umbrella", "an"), ("unusual", "an"), ("user", "a"), ("European", "a"),
     ("one", "a"), ("MBA", "an"), ("FBI", "an"), ("UN", "a"), ("NGO", "an"), ("8", "an"),
     ("11", "an"), ("5", "a"), ("x-ray", "an"), ("t-shirt", "a"), ("Old", "an")],
)
def test_indefinite_article(word, article):
    assert indefinite_article(word) == article


def test_plurals_come_from_the_inflection_tables():
    assert [plural_noun(w) for w in ("child", "wife", "analysis", "mouse")] == \
        ["children", "wives", "analyses", "mice"]


def test_person_number_of_coordinated_subjects(nlp):
    doc = nlp("My brother and I were late, but he was early.")
    assert person_number(doc[1]) == "other"
    assert person_number(doc[8]) == "3s"
    # the parser may leave the second conjunct unattached after a relative clause
    doc = nlp("My neighbor, who has a mental illness, and their brother received the news.")
    assert person_number(doc[1]) == "other"
