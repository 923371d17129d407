"""The engine's rendering (spacing, casing, contractions, articles), sampling and overlaps,
tested with hand-made operations so that no rule's behaviour is involved."""
import pytest

from multivalue_cli.engine.edits import Delete, Insert, Move, Replace, site
from multivalue_cli.engine.apply import Engine, keyed_uniform, replay
from multivalue_cli.engine.render import render
from multivalue_cli.engine.registry import Rule


def rendered(nlp, text, *ops):
    return render(nlp(text), ops)


@pytest.mark.parametrize(
    "text,ops,expected",
    [
        # deletion: no doubled spaces, no space before punctuation, brackets hug their words
        ("He is tall.", [Delete(1)], "He tall."),
        ("I like it.", [Delete(2)], "I like."),
        ("Is it tall , is n't it ?", [Replace(4, "innit"), Delete(5), Delete(6)], "Is it tall , innit ?"),
        ("(a test) here.", [Delete(1)], "(test) here."),
        ("Well, he is here.", [Delete(0), Delete(1)], "He is here."),
        # insertion: spaces on both sides, none before punctuation, capital moves to the new word
        ("He is tall.", [Insert(2, "very")], "He is very tall."),
        ("He is tall.", [Insert(2, "too", after=True)], "He is tall too."),
        ("He is tall.", [Insert(3, ", innit")], "He is tall, innit."),
        ("He is tall. She is short.", [Insert(0, "so")], "So he is tall. She is short."),
        ("She left, and he stayed.", [Insert(4, "so")], "She left, and so he stayed."),
        # moving words: capitals follow the sentence start, proper nouns and I keep theirs
        ("He is tall.", [Move(2, 3, 0)], "Tall he is."),
        ("The book is on the table.", [Move(3, 6, 0)], "On the table the book is."),
        ("Delhi is where I live.", [Move(0, 1, 4, after=True)], "Is where I live Delhi."),
        ("I like tea.", [Move(2, 3, 0)], "Tea I like."),
        ("The 1990s were great.", [Delete(0)], "1990s were great."),
        # a fill-in blank starting the sentence stands for a capitalised word
        ("_ had a girl.", [Insert(2, "it was"), Move(0, 2, 4)], "It was a girl _ had."),
        ("_ lived here.", [Replace(1, "live"), Insert(1, "been")], "_ been live here."),
        ("_ has bought a car.", [Replace(1, "have")], "_ have bought a car."),
        # contractions: host and n't stay together; an orphaned n't becomes not
        ("He doesn't know.", [Replace(1, "do")], "He don't know."),
        ("I can't go.", [Replace(1, "could")], "I couldn't go."),
        ("I can't go.", [Delete(2)], "I can go."),
        ("They won't stop.", [Delete(2)], "They will stop."),
        ("He doesn't know.", [Delete(1)], "He not know."),
        ("He is going.", [Insert(1, "n't", after=True)], "He isn't going."),
        ("It is NOT here.", [Replace(1, "ai"), Replace(2, "n't")], "It AIN'T here."),
        ("I'm going home.", [Replace(1, "is")], "I is going home."),
        ("She is not here.", [Replace(1, "is"), Replace(2, "n't")], "She isn't here."),
        # ca, wo and sha are hosts only where they stood before n't
        ("Is he from NY or CA?", [Replace(0, "Was")], "Was he from NY or CA?"),
        ("He said wo and left.", [Replace(3, "but")], "He said wo but left."),
        ("Votes from 'NY' or 'CA' count.", [Delete(0)], "From 'NY' or 'CA' count."),  # no "CAN"
        # a/an follows the word after it when that word changes
        ("I have an apple.", [Replace(3, "banana")], "I have a banana."),
        ("I have a car.", [Insert(3, "old")], "I have an old car."),
        ("I have an old car.", [Move(3, 4, 4, after=True)], "I have a car old."),
        ("I have an apple.", [Delete(2)], "I have apple."),
        # whitespace and layout of the rest of the text are kept
        ("Hello there.\n\nHe is here. ", [Delete(4)], "Hello there.\n\nIs here. "),
        ("He  is tall.", [Replace(3, "short")], "He  is short."),  # the double space is a token
        # shouting stays shouting
        ("HE SPEAKS ENGLISH.", [Replace(1, "speak")], "HE SPEAK ENGLISH."),
    ],
)
def test_rendering(nlp, text, ops, expected):
    assert rendered(nlp, text, *ops) == expected


def test_no_ops_renders_the_input_byte_for_byte(nlp):
    text = "  Odd   spacing,\tTabs\nand \"quotes\" (here) -- don't   change!  "
    assert render(nlp(text), []) == text


def _rule(name, sites_for, ewave=999):
    return Rule(ewave, name, "Test", lambda doc, ix: sites_for(doc), (), ())


def test_sampling_is_keyed_not_global(nlp):
    doc = nlp("The cat is on the mat and the dog is in the house with a bone. " * 5)
    every_word = _rule("upper", lambda d: (site(Replace(t.i, t.text.upper())) for t in d))
    a = Engine([(every_word, 0.5)], seed=1).apply(doc, key=7, path="text")
    b = Engine([(every_word, 0.5)], seed=1).apply(doc, key=7, path="text")
    c = Engine([(every_word, 0.5)], seed=2).apply(doc, key=7, path="text")
    d = Engine([(every_word, 0.5)], seed=1).apply(doc, key=8, path="text")
    assert a.text == b.text
    assert a.text != c.text and a.text != d.text
    share = len(a.edits) / len(doc)
    assert 0.3 < share < 0.7


def test_a_prepared_text_renders_each_record_as_a_fresh_parse_would(nlp):
    """Records of a repeated text reuse its sites and, where they keep the same ones, its
    rendering: every result equals the one from a fresh parse, whatever the protection."""
    from multivalue_cli.engine.apply import Prepared

    text = "He saw a cat near a bird, and a dog saw a cow."
    animals = _rule("animals", lambda d: (site(Replace(t.i, "owl")) for t in d if t.tag_ == "NN"))
    birds = _rule("birds", lambda d: (site(Replace(t.i, "owl")) for t in d if t.tag_ == "NN"), ewave=998)
    engine = Engine([(animals, 0.5), (birds, 0.5)], seed=3)  # the same edits from either rule
    prepared = Prepared(nlp(text))
    articles = [m.start() for m in __import__("re").finditer(r"\ba\b", text)]
    for key in range(40):
        spans = [(articles[key % 4], articles[key % 4] + 1)] if key % 3 else []  # a/an may not change
        reused = engine.apply(prepared, key=key, path="t", protected_spans=spans)
        fresh = engine.apply(nlp(text), key=key, path="t", protected_spans=spans)
        assert (reused.text, reused.edits) == (fresh.text, fresh.edits)
        assert isinstance(reused.edits, list)  # the caller's own: stages add theirs to it
        assert replay(text, reused.edits) == reused.text
    assert 0 < len(prepared.rendered) < 40  # records that kept the same sites shared a rendering


def test_probability_zero_never_fires_and_one_always_fires(nlp):
    doc = nlp("it is a cat and a dog")
    rule = _rule("upper", lambda d: (site(Replace(t.i, t.text.upper())) for t in d))
    assert Engine([(rule, 0.0)]).apply(doc).text == doc.text
    assert Engine([(rule, 1.0)]).apply(doc).text == "IT IS A CAT AND A DOG"


def test_keyed_uniform_is_uniform_and_stable():
    values = [keyed_uniform(0, "k", "p", "f", i) for i in range(4000)]
    assert abs(sum(values) / len(values) - 0.5) < 0.02
    assert keyed_uniform(0, "k", "p", "f", 1) == keyed_uniform(0, "k", "p", "f", 1)


def test_overlapping_sites_earlier_feature_wins_and_both_are_not_applied(nlp):
    doc = nlp("He speaks English.")
    first = _rule("first", lambda d: [site(Replace(1, "speak"))], ewave=1)
    second = _rule("second", lambda d: [site(Replace(1, "spoke"), Insert(2, "good"))], ewave=2)
    result = Engine([(first, 1.0), (second, 1.0)]).apply(doc)
    assert result.text == "He speak English."
    assert [e.feature for e in result.edits] == ["first"]


def test_a_site_and_an_edit_of_a_token_it_keeps_exclude_each_other(nlp):
    doc = nlp("What is the name of the course?")
    drop_the = _rule("drop_the", lambda d: [site(Delete(2))], ewave=1)
    move_is = _rule("move_is", lambda d: [site(Move(1, 2, 7), keep=[2])], ewave=2)
    after = _rule("after", lambda d: [site(Delete(2))], ewave=3)
    # the earlier feature wins either way: its edit blocks the site that needs the token ...
    result = Engine([(drop_the, 1.0), (move_is, 1.0)]).apply(doc)
    assert result.text == "What is name of the course?"
    assert [e.feature for e in result.edits] == ["drop_the"]
    # ... and a site that keeps a token blocks later edits of it
    result = Engine([(move_is, 1.0), (after, 1.0)]).apply(doc)
    assert result.text == "What the name of the course is?"
    assert [e.feature for e in result.edits] == ["move_is"]
    # words added beside a kept token count as restructuring it ...
    beside = _rule("beside", lambda d: [site(Insert(2, "all"))], ewave=3)
    assert Engine([(move_is, 1.0), (beside, 1.0)]).apply(doc).text == "What the name of the course is?"
    # ... but a kept token may be reworded, and a kept token that nobody edits costs nothing
    reword = _rule("reword", lambda d: [site(Replace(2, "that"))], ewave=1)
    assert Engine([(reword, 1.0), (move_is, 1.0)]).apply(doc).text == "What that name of the course is?"
    free = _rule("free", lambda d: [site(Replace(5, "a"))], ewave=3)
    assert Engine([(move_is, 1.0), (free, 1.0)]).apply(doc).text == "What the name of a course is?"


def test_edit_log_spans_point_into_the_input(nlp):
    text = "Yes. He speaks English and she writes French."
    doc = nlp(text)
    rule = _rule("base", lambda d: [site(Replace(t.i, t.lemma_)) for t in d if t.tag_ == "VBZ"])
    result = Engine([(rule, 1.0)]).apply(doc)
    assert result.text == "Yes. He speak English and she write French."
    assert [(e.before, e.after) for e in result.edits] == [("speaks", "speak"), ("writes", "write")]
    assert replay(text, result.edits) == result.text


@pytest.mark.parametrize(
    "text,ops",
    [
        ("Well, he is here.", [Delete(0), Delete(1)]),
        ("I like it. He is tall.", [Delete(2), Move(5, 6, 4)]),
        ("I have a car.", [Insert(3, "old")]),
        ("They won't stop, will they?", [Delete(2), Replace(6, "innit"), Delete(7)]),
        ("He is tall. She is short.", [Insert(0, "so"), Replace(5, "be")]),
        ("the cat sat", [Delete(0), Replace(1, "cats")]),
    ],
)
def test_the_log_replays_to_the_output(nlp, text, ops):
    doc = nlp(text)
    rules = [(_rule(f"r{k}", lambda d, op=op: [site(op)], ewave=k + 1), 1.0) for k, op in enumerate(ops)]
    result = Engine(rules).apply(doc)
    assert result.text != text
    assert replay(text, result.edits) == result.text
    assert len(result.edits) == len(ops)


def test_alternatives_are_chosen_deterministically(nlp):
    doc = nlp("You are here. You are there. You are everywhere.")
    rule = _rule(
        "you",
        lambda d: [site(Replace(t.i, "y'all"), alternatives=((Replace(t.i, "you guys"),),))
                   for t in d if t.lower_ == "you"],
    )
    out1 = Engine([(rule, 1.0)], seed=0).apply(doc).text
    out2 = Engine([(rule, 1.0)], seed=0).apply(doc).text
    assert out1 == out2
    assert out1.count("Y'all") + out1.count("You guys") == 3


@pytest.mark.parametrize(
    "text",
    [
        "Der Hund läuft schnell über die Straße, und die Kinder lachen laut.",
        "def f(x):\n\tif x is None:\n\t\treturn 0\n\treturn x + 1",
        "x = foo(bar[1], {'a': 2}); y = x * 3;",
        "Control \x00 characters \x07 are here.",
    ],
)
def test_sentences_the_rules_cannot_be_trusted_on_are_left_alone(nlp, text):
    every_token = _rule("upper", lambda d: (site(Replace(t.i, t.text.upper())) for t in d if t.is_alpha))
    assert Engine([(every_token, 1.0)]).apply(nlp(text)).text == text


def test_urls_emails_and_emoji_are_never_edited(nlp):
    text = "See https://example.com/a?b=c or mail me@example.com, he says 🙂."
    every_token = _rule("x", lambda d: (site(Replace(t.i, "X")) for t in d if not t.is_punct))
    out = Engine([(every_token, 1.0)]).apply(nlp(text)).text
    assert "https://example.com/a?b=c" in out and "me@example.com" in out and "🙂" in out
    assert "X" in out


@pytest.mark.parametrize("text,kept", [
    ('What is the rank of the episode "A Love of a Lifetime" this week?', '"A Love of a Lifetime"'),
    ("Who directed 'The Rise of the Blue Beetle' last year?", "'The Rise of the Blue Beetle'"),
    # a quoted phrase with no finite verb names words: a mention, kept as it is
    ('Where does the saying "two birds with one stone" come from?', '"two birds with one stone"'),
    ("They called the plan 'a bridge too far' at the time.", "'a bridge too far'"),
])
def test_quoted_titles_are_never_edited(nlp, text, kept):
    every_token = _rule("x", lambda d: (site(Replace(t.i, "X")) for t in d if not t.is_punct))
    out = Engine([(every_token, 1.0)]).apply(nlp(text)).text
    assert kept in out and "X" in out


def test_quoted_speech_is_not_a_title(nlp):
    every_token = _rule("x", lambda d: (site(Replace(t.i, "X")) for t in d if not t.is_punct))
    out = Engine([(every_token, 1.0)]).apply(nlp('She said "the man is a doctor" and left.')).text
    assert "the man" not in out


def test_a_rule_takes_its_number_and_category_from_the_feature_catalogue():
    from multivalue_cli.engine.registry import registry
    from multivalue_cli.profiles import catalog

    rules = registry()
    assert (rules["existential_it"].ewave, rules["existential_it"].category) == (173, "Agreement")
    for r in rules.values():
        assert (r.ewave, r.category) == (catalog()[r.name].ewave, catalog()[r.name].category)


def test_a_rule_the_feature_catalogue_lacks_is_refused_by_name():
    from multivalue_cli.engine.registry import registry, rule

    with pytest.raises(ValueError, match="'no_such_feature'.*features.tsv"):
        rule("no_such_feature", examples=[], negatives=[])
    assert "no_such_feature" not in registry()


def test_casing_helpers_shared_by_the_dialect_and_learner_renderers():
    from types import SimpleNamespace

    from multivalue_cli.engine.render import capital_by_position, capitalise, same_case

    assert [same_case(t, "went") for t in ("GO", "Go", "go", "G")] == ["WENT", "Went", "went", "Went"]
    assert [capitalise(w) for w in ("so", '"so', "1990s", "’cause", "")] == ["So", '"So', "1990s", "’Cause", ""]

    def first(text, pos="PRON"):
        return SimpleNamespace(text=text, pos_=pos)

    assert capital_by_position(first("The", "DET")) and capital_by_position(first("She"))
    for lexical in (first("I"), first("I'm"), first("I’d"), first("NASA", "NOUN"), first("Paris", "PROPN"),
                    first("iPhone", "NOUN"), first("McDonald", "NOUN")):
        assert not capital_by_position(lexical), lexical.text


def test_word_forms_are_found_alike_before_and_after_a_text_gets_its_table(nlp):
    """DocIndex.form reads the words for a text's first questions and uses a table after: the
    same tokens, in document order, either way."""
    from multivalue_cli.engine.docindex import FORM_SCANS, DocIndex

    doc = nlp("He said she and he and it were there; he left. Me? He!")
    index = DocIndex(doc)
    questions = [("he",), ("he", "she"), ("it",), ("nothing",), ("she", "it", "me"), ("he",), ("he", "nothing")]
    assert len(questions) > FORM_SCANS
    for forms in questions:
        assert [t.i for t in index.form(*forms)] == [t.i for t in doc if t.lower_ in forms], forms
