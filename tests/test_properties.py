"""Property-based tests of the engine over arbitrary Unicode text."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from multivalue_cli.engine.apply import Engine, replay
from multivalue_cli.profiles import load_profile

EXAMPLES = 300

texts = st.one_of(
    st.text(max_size=200),
    st.lists(st.sampled_from(
        ["He", "speaks", "doesn't", "the", "a", "books", "is", "are", "I", "you", "they", "went",
         "who", "which", "not", "very", "quickly", "?", ".", ",", "'", "\n", "\t", "  ", "🙂",
         "Does", "there", "were", "many", "children", "than", "bigger", "the biggest", "it",
         "them", "and", "we", "loved", "Great", "food", "at", "hotel", ":", "my", "notes"]),
        max_size=40).map(" ".join),
)


@pytest.fixture(scope="module")
def multi_engine():
    rules, _ = load_profile("Multi").split()
    return Engine(rules, seed=0)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=texts)
def test_the_engine_never_raises_and_its_log_replays(nlp, multi_engine, text):
    doc = nlp(text)
    result = multi_engine.apply(doc)
    assert isinstance(result.text, str)
    assert not result.failures, result.failures
    # untouched text keeps its exact characters: replaying the edits on the input gives the output
    assert replay(text, result.edits) == result.text
    for ch in "\n\t":
        assert result.text.count(ch) == text.count(ch)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_no_features_returns_the_input_byte_for_byte(nlp, text):
    assert Engine([]).apply(nlp(text)).text == text


# Verbless main clauses, headlines and fragments: the parse has a noun, adjective or
# interjection at its root, where walks up the tree that look for a verb must stop.
FRAGMENTS = [
    "Great food at the hotel, and we loved it.",
    "My notes on the printer: they fixed it.",
    "A letter from my aunt, and I answered it at once.",
    "Wow, what a game, and they won it!",
    "Fire at the old mill; nobody saw it.",
    "Prices up again: shoppers hate them.",
    "Oh no, the keys, I lost them?",
    "Ten books, all of them about it.",
]


@pytest.mark.parametrize("text", FRAGMENTS)
def test_every_rule_finishes_on_verbless_sentences(nlp, multi_engine, text):
    import signal

    def too_slow(*_):
        raise TimeoutError(f"the rules took over 10 s on {text!r}")

    previous = signal.signal(signal.SIGALRM, too_slow)
    signal.alarm(10)
    try:
        result = multi_engine.apply(nlp(text))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)
    assert not result.failures, result.failures
    assert replay(text, result.edits) == result.text
