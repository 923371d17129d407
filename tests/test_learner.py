"""Learner errors: rate calibration, frozen tokens, protection, counterfactual pairs,
determinism, ERRANT labels, and agreement with ERRANT's own classifier."""
from __future__ import annotations

import difflib
import json
import pickle
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest

from multivalue_cli.engine.apply import replay
from multivalue_cli.learner import (
    ErrorConfig, ErrorProfileError, LearnerInjector, UnreachableRate, load_error_profile,
    spans_from_field,
)
from multivalue_cli.learner.render import render_errors

ROOT = Path(__file__).resolve().parents[1]
ALL_LABELS = {"M:DET", "U:DET", "R:DET", "R:PREP", "M:PREP", "U:PREP",
              "R:VERB:FORM", "R:VERB:TENSE", "R:VERB:SVA", "M:VERB:TENSE", "U:VERB:TENSE",
              "M:VERB:FORM", "U:VERB:FORM", "R:SPELL"}


def corpus_texts() -> list[str]:
    """The bundled sample plus the realistic test texts: ~2,400 short texts in the styles of
    CoQA, Spider, SST-2, news and dialogue."""
    texts = [json.loads(line)["text"]
             for line in (ROOT / "multivalue_cli/data/sample.jsonl").read_text().splitlines()]
    for path in sorted((ROOT / "scripts/data").glob("realistic*.txt")):
        texts += [l.strip() for l in path.read_text().splitlines() if l.strip() and not l.startswith("#")]
    return texts


@pytest.fixture(scope="module")
def docs(nlp):
    docs = list(nlp.pipe(corpus_texts()))
    assert len(docs) >= 500
    return docs


def run(injector, docs):
    return [injector.inject(doc, key=i, path="text") for i, doc in enumerate(docs)]


def calibrated_run(config, docs):
    """Two passes, as the pipeline does for a single type: measure, boost, inject."""
    first = LearnerInjector(config)
    boost = first.calibrate(run(first, docs))
    second = LearnerInjector(replace(config, boost=boost))
    return second, run(second, docs)


# --------------------------------------------------------------------------- profile

def test_default_profile_shares_are_normalised():
    profile = load_error_profile(None)
    assert set(profile.mix) == {"det", "prep", "verb", "spell"}
    assert sum(profile.mix.values()) == pytest.approx(1.0)
    for shares in profile.operations.values():
        assert sum(shares.values()) == pytest.approx(1.0)
    assert {l for shares in profile.operations.values() for l in shares} == ALL_LABELS
    assert profile.confusions["prep"]["on"]  # "on" is not read as YAML true


def test_user_profile_overrides_part_and_validates(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("mix: {det: 3, prep: 1}\noperations:\n  prep: {R:PREP: 1}\n")
    profile = load_error_profile(path)
    assert profile.mix["det"] == 0.75 and profile.mix["verb"] == 0.0
    assert profile.operations["prep"]["M:PREP"] == 0.0
    assert profile.operations["det"] == load_error_profile(None).operations["det"]
    path.write_text("mix: {dett: 1}\n")
    with pytest.raises(ErrorProfileError, match=r"unknown key 'dett'; did you mean det\?"):
        load_error_profile(path)
    path.write_text("confusions:\n  prep:\n    in: [on]\n")
    with pytest.raises(ErrorProfileError, match="quote it"):
        load_error_profile(path)


# --------------------------------------------------------------------------- rate

@pytest.mark.parametrize("rate", [0.05, 0.10, 0.20, 0.30])
def test_mixed_rate_is_calibrated_in_one_pass(docs, rate):
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=rate, seed=7))
    results = run(injector, docs)
    summary = injector.rate_summary(results)
    assert abs(summary["achieved_mean"] - rate) <= 0.01, summary
    assert summary["within_tolerance"] and summary["target"] == rate
    assert sum(summary["histogram"].values()) == len(docs)
    assert set(summary["percentiles"]) >= {"p0", "p50", "p100"}


@pytest.mark.parametrize("rate", [0.05, 0.10, 0.20, 0.30])
def test_spelling_rate_is_calibrated(docs, rate):
    injector, results = calibrated_run(ErrorConfig(types=("spell",), rate=rate, seed=1), docs)
    assert abs(injector.rate_summary(results)["achieved_mean"] - rate) <= 0.01


@pytest.mark.parametrize("error_type", ["det", "prep", "verb"])
@pytest.mark.parametrize("rate", [0.05, 0.10])
def test_single_type_rate_is_calibrated_with_boost(docs, error_type, rate):
    injector, results = calibrated_run(ErrorConfig(types=(error_type,), rate=rate, seed=2), docs)
    summary = injector.rate_summary(results)
    assert abs(summary["achieved_mean"] - rate) <= 0.01, summary
    assert set(summary["per_label"]) <= {l for l in ALL_LABELS if error_type.upper() in l}


@pytest.mark.parametrize("error_type", ["det", "prep", "verb"])
@pytest.mark.parametrize("rate", [0.20, 0.30])
def test_unreachable_target_reports_the_maximum(docs, error_type, rate):
    injector = LearnerInjector(ErrorConfig(types=(error_type,), rate=rate, seed=2))
    results = run(injector, docs)
    maximum = injector.reachable(results)
    assert maximum < rate
    with pytest.raises(UnreachableRate, match="cannot be reached; the data allows at most") as err:
        injector.calibrate(results)
    assert err.value.maximum == pytest.approx(maximum)
    # What was produced is as much as each text allows, and says so.
    assert injector.rate_summary(results)["achieved_mean"] <= maximum + 1e-9


def test_text_without_eligible_tokens_gets_what_it_can(nlp):
    injector = LearnerInjector(ErrorConfig(types=("prep",), rate=0.3))
    result = injector.inject(nlp("Wow!"), key=1, path="text")
    assert result.text == "Wow!" and result.capacity == 0 and result.edits == []


def test_mixed_target_is_split_by_the_profile(docs, tmp_path):
    """Where a text allows all four types, they share its edits by the profile's mix (a
    text without, say, a preposition gives that share to the types it has)."""
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.05, seed=10))
    full = [i for i, doc in enumerate(docs)
            if {c.type for c in injector._plan(doc, ()).candidates} == {"det", "prep", "verb", "spell"}]
    assert len(full) > 500
    labels = Counter(e.feature for i in full for e in injector.inject(docs[i], key=i, path="text").edits)
    total = sum(labels.values())
    share = {t: sum(n for l, n in labels.items() if t in l) / total for t in ("DET", "PREP", "VERB", "SPELL")}
    for type_, expected in load_error_profile(None).mix.items():
        assert abs(share[type_.upper()] - expected) <= 0.06, share
    path = tmp_path / "spelling_only.yaml"
    path.write_text("mix: {spell: 1, det: 0, prep: 0, verb: 0}\n")
    own = LearnerInjector(ErrorConfig(types=("learner",), rate=0.1, profile=load_error_profile(path)))
    assert {e.feature for r in run(own, docs[:300]) for e in r.edits} == {"R:SPELL"}


# --------------------------------------------------------------------------- edits

def test_distance_counts_edits_and_log_replays(docs):
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=3))
    for doc, result in zip(docs, run(injector, docs)):
        assert replay(doc.text, result.edits) == result.text
        assert result.distance == len(result.edits)
        assert all(e.ewave == 0 and e.feature in ALL_LABELS for e in result.edits)


def test_every_errant_label_is_produced(docs):
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=4))
    labels = Counter(e.feature for r in run(injector, docs) for e in r.edits)
    assert set(labels) == ALL_LABELS


def test_edited_tokens_are_frozen(docs):
    """At rate 1 a text takes every edit it can: one per token, each adding one to the
    distance, as many as its capacity; with spelling only (replacements), every candidate
    token is edited."""
    mixed = LearnerInjector(ErrorConfig(types=("learner",), rate=1.0, seed=5))
    spell = LearnerInjector(ErrorConfig(types=("spell",), rate=1.0, seed=5))
    for doc in docs[:300]:
        for injector in (mixed, spell):
            plan = injector._plan(doc, ())
            order = injector._order(plan.candidates, (5, "k", "text"), [t.lower_ for t in doc])
            tokens = [c.token for c in order]
            assert len(tokens) == len(set(tokens))
            assert render_errors(doc, order).distance == len(order) if order else True
        assert len(order) == len({c.token for c in plan.candidates})


def test_lower_rates_give_a_subset_of_the_edits(docs):
    low = LearnerInjector(ErrorConfig(types=("learner",), rate=0.1, seed=5))
    high = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=5))
    for i, doc in enumerate(docs[:200]):
        a, b = low.inject(doc, key=i, path="t"), high.inject(doc, key=i, path="t")
        assert a.capacity == b.capacity and a.distance <= b.distance


def test_examples_of_each_operation(nlp):
    doc = nlp("Yesterday she walked to the station and bought a ticket for the train.")
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.1))
    found = {(c.label, doc[c.token].text, c.choices) for c in injector._plan(doc, ()).candidates}
    assert ("M:DET", "the", ()) in found
    assert any(label == "R:PREP" and word == "for" and "to" in choices for label, word, choices in found)
    assert ("R:DET", "a", ("the", "an", "one")) in found  # "an ticket": a wrong a/an is an error too
    assert ("M:VERB:FORM", "to", ()) not in found  # "to the station" is a preposition
    assert ("R:VERB:TENSE", "walked", ("walks",)) in found
    assert any(label == "U:PREP" and word == "a" for label, word, _ in found)  # bought about a


# --------------------------------------------------------------------------- protection

def _protected_text_untouched(doc, result, protected_words):
    """No edit span overlaps a protected word, so each keeps its exact text."""
    for tok in doc:
        if tok.lower_ in protected_words:
            for edit in result.edits:
                assert not (edit.start < tok.idx + len(tok) and tok.idx < edit.end), (doc.text, edit)


def test_protected_terms_regex_and_spans_are_never_edited(docs):
    terms = ("he", "she", "the", "new york")
    config = ErrorConfig(types=("learner",), rate=0.3, seed=6, protect_terms=terms,
                         protect_regex=(r"\b\d+\b",))
    injector = LearnerInjector(config)
    plain = LearnerInjector(replace(config, protect_terms=(), protect_regex=()))
    checked = 0
    for i, doc in enumerate(docs[:600]):
        spans = [(0, len(doc[0].text))]  # a caller-given span: the first word
        result = injector.inject(doc, key=i, path="text", protected_spans=spans)
        protected = {t.i for t in doc if t.lower_ in ("he", "she", "the") or t.text.isdigit() or t.i == 0}
        _protected_text_untouched(doc, result, {"he", "she", "the"})
        for edit in result.edits:
            assert edit.start >= len(doc[0].text)
        assert result.unprotected == sum(1 for t in doc if not t.is_space) - len(protected)
        assert plain.inject(doc, key=i, path="text").unprotected == sum(1 for t in doc if not t.is_space)
        checked += bool(protected - {0})
    assert checked > 100


def test_protect_terms_match_on_token_boundaries_case_insensitively(nlp):
    doc = nlp("He said the theatre in New York is there.")
    injector = LearnerInjector(ErrorConfig(types=("spell",), rate=1.0, protect_terms=("he", "new york")))
    result = injector.inject(doc, key=0, path="text")
    assert result.text.startswith("He ") and "New York" in result.text
    assert "theatre" not in result.text and "there" not in result.text  # not protected by "he"
    assert result.unprotected == len(doc) - 3


def test_protect_field_values():
    text = "The nurse said the doctor was late."
    assert spans_from_field(text, "the doctor") == [(15, 25)]
    assert spans_from_field(text, ["nurse", [0, 3]]) == [(4, 9), (0, 3)]
    assert spans_from_field(text, {"start": 4, "end": 9}) == [(4, 9)]
    with pytest.raises(ValueError):
        spans_from_field(text, [5, 500])


# --------------------------------------------------------------------------- pairs

def _differences(a: str, b: str) -> list[tuple[str, str]]:
    wa, wb = a.split(), b.split()
    ops = difflib.SequenceMatcher(None, wa, wb, autojunk=False).get_opcodes()
    return [(" ".join(wa[i1:i2]), " ".join(wb[j1:j2])) for tag, i1, i2, j1, j2 in ops if tag != "equal"]


PAIRS = [
    ("He is a nurse and he works at the hospital in the city every night.",
     "She is a nurse and she works at the hospital in the city every night."),
    ("John Smith met the new manager at the office on Monday and gave him a report.",
     "Maria Fernanda Lopez met the new manager at the office on Monday and gave him a report."),
    ("My brother told me that the teacher was angry with the students after the exam.",
     "My sister told me that the teacher was angry with the students after the exam."),
]


@pytest.mark.parametrize("a,b", PAIRS)
def test_pairs_get_identical_edits_and_keep_their_difference(nlp, a, b):
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=8))
    edits = 0
    for k in range(20):  # many keys: many different edit sets
        ra, rb = injector.inject_pair([nlp(a), nlp(b)], keys=[f"a{k}", f"b{k}"], path="text",
                                      pair_key=f"pair{k}")
        assert _differences(ra.text, rb.text) == _differences(a, b)
        assert [(e.feature, e.before, e.after) for e in ra.edits] == \
               [(e.feature, e.before, e.after) for e in rb.edits]
        assert ra.distance == rb.distance and ra.unprotected == rb.unprotected
        assert replay(a, ra.edits) == ra.text and replay(b, rb.edits) == rb.text
        edits += len(ra.edits)
    assert edits >= 20


def test_pairs_over_the_corpus(nlp, docs):
    texts = [d.text for d in docs if " he " in d.text][:150]
    assert len(texts) > 30
    pairs = [(t, t.replace(" he ", " she ")) for t in texts]
    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.2, seed=9))
    edited = 0
    for n, (a, b) in enumerate(pairs):
        ra, rb = injector.inject_pair([nlp(a), nlp(b)], keys=[n, n], path="text", pair_key=n)
        assert _differences(ra.text, rb.text) == _differences(a, b)
        edited += bool(ra.edits)
    assert edited > len(pairs) // 2


# --------------------------------------------------------------------------- determinism

def test_output_depends_only_on_text_key_and_seed(docs):
    config = ErrorConfig(types=("learner",), rate=0.2, seed=11)
    forward = run(LearnerInjector(config), docs[:300])
    injector = pickle.loads(pickle.dumps(LearnerInjector(config)))  # as shipped to a worker
    backward = [injector.inject(docs[i], key=i, path="text") for i in reversed(range(300))][::-1]
    assert [r.text for r in forward] == [r.text for r in backward]
    assert [r.edits for r in forward] == [r.edits for r in backward]
    other_seed = run(LearnerInjector(replace(config, seed=12)), docs[:300])
    assert [r.text for r in forward] != [r.text for r in other_seed]


# --------------------------------------------------------------------------- ERRANT

@pytest.mark.parametrize("error_type", ["det", "prep", "verb", "spell"])
def test_errant_classifies_edits_as_labelled(nlp, docs, error_type):
    """ERRANT (an independent classifier), given clean and errored text with one edit,
    returns our label on >= 90% of a sample."""
    errant = pytest.importorskip("errant")
    annotator = errant.load("en", nlp=nlp)
    injector = LearnerInjector(ErrorConfig(types=(error_type,), rate=0.1, seed=13))
    agree = total = 0
    for i, doc in enumerate(docs[::8]):
        plan = injector._plan(doc, ())
        for chosen in injector.selector.choose(plan.candidates, 2, 13, i, "text"):
            errored = render_errors(doc, [chosen]).text
            found = annotator.annotate(annotator.parse(errored, tokenise=True),
                                       annotator.parse(doc.text, tokenise=True))
            total += 1
            agree += [e.type for e in found] == [chosen.label]
    assert total >= 150
    assert agree / total >= 0.90, f"{error_type}: {agree}/{total}"


# --------------------------------------------------------------------------- fast paths


def test_real_word_confusions_are_the_dictionarys_own_one_edit_neighbours():
    """The real-word search goes through the common words' deletions instead of every
    string one edit away; it must find exactly what the dictionary's own search finds."""
    import random

    from multivalue_cli.learner import spelling

    from spellchecker import SpellChecker

    checker = SpellChecker(language="en", distance=1)
    freq = checker.word_frequency.dictionary
    assert spelling._dictionary() == freq  # read from its file as SpellChecker reads it
    assert spelling._longest_word_length() == checker.word_frequency.longest_word_length

    def by_dictionary(word: str) -> set[str]:
        return {c for c in checker.edit_distance_1(word)
                if c != word and freq.get(c, 0) >= spelling.REAL_WORD_MIN_FREQUENCY and c.isalpha() and len(c) >= 2}

    words = sorted(w for w in freq if w.isalpha() and len(w) >= 3)
    sample = random.Random(7).sample(words, 1500) + ["form", "their", "then", "quite", "inf", "nan", "teh"]
    for word in sample:
        assert spelling._common_words_one_edit_from(word) == by_dictionary(word), word


def test_prepared_candidates_draw_what_fresh_ones_draw(docs):
    """Calibration prepares each text's candidates once for all its rounds: the draws must
    be those of the candidates themselves, under any factors."""
    from multivalue_cli.learner.selection import Selector

    config = ErrorConfig(types=("learner",), rate=0.1, seed=5)
    injector = LearnerInjector(config)
    selectors = [Selector(config.types, config.profile, {}),
                 Selector(config.types, config.profile, {"M:DET": 3.0, "spell": 0.2, "R:PREP": 0.05})]
    for i, doc in enumerate(docs[:300]):
        plan = injector._plan(doc, ())
        words = [t.lower_ for t in doc]
        prepared = selectors[0].prepare(plan.candidates, words)
        memo: dict = {}  # the key's numbers, kept across selectors as the calibration's rounds keep them
        for selector in selectors:
            fresh = selector.choose(plan.candidates, len(plan.candidates), 5, i, "text", words=words)
            assert selector.choose(prepared, len(plan.candidates), 5, i, "text") == fresh
            assert selector.choose(prepared, len(plan.candidates), 5, i, "text", memo=memo) == fresh
        assert memo or not plan.candidates


def test_a_draw_that_stops_early_counts_the_capacity_of_the_full_draw(docs):
    """A text's draw stops once it has the edits asked for and only replacements are left,
    and counts the rest: its edits are the full draw's first ones and its capacity the full
    draw's length, under any factors."""
    from multivalue_cli.learner.selection import Selector

    config = ErrorConfig(types=("learner",), rate=0.1, seed=8)
    injector = LearnerInjector(config)
    selectors = [injector.selector, Selector(config.types, config.profile, {"M:DET": 4.0, "spell": 0.1})]
    stopped_early = 0
    for i, doc in enumerate(docs[:300]):
        prepared = injector.prepared(injector._plan(doc, ()))
        for selector in selectors:
            full = selector.choose(prepared, len(prepared.cands), 8, i, "text")
            for need in (0, 1, 3, len(full)):
                edits, capacity = selector.draw_order(prepared, need, 8, i, "text")
                assert capacity == len(full) and edits == full[:len(edits)]
                assert len(edits) >= min(need, capacity)
                stopped_early += len(edits) < capacity
            assert selector.draw_order(prepared, None, 8, i, "text") == (full, len(full))
    assert stopped_early > 300


def test_spelling_candidates_exist_exactly_where_a_word_has_misspellings(docs):
    """A spelling candidate carries the word, not its misspellings (made when drawn): it must
    exist for every eligible word and kind that has one, only there, and draw from them."""
    from multivalue_cli.learner import spelling
    from multivalue_cli.learner.selection import options_of

    profile = load_error_profile(None)
    kinds = [k for k, share in profile.spelling.items() if share > 0]
    assert "real_word" in kinds and "deletion" in kinds
    seen = 0
    for doc in docs[:400]:
        free = {t.i for t in doc if not t.is_space}
        found = {(c.token, c.subtype): c for c in spelling.spelling_candidates(doc, profile, free)}
        for tok in doc:
            for kind in kinds:
                made = spelling.spellings(tok.text, kind) if spelling._eligible(tok) else ()
                if kind != "real_word" and len(tok.text) < spelling.MIN_LENGTH:
                    made = ()
                cand = found.get((tok.i, kind))
                assert (cand is not None) == bool(made), (tok.text, kind)
                if cand is not None:
                    assert options_of(cand) == made and cand.source == tok.text
                    seen += 1
    assert seen > 1000


def test_cumulative_shares_fall_on_the_index_the_weights_give():
    """The selector keeps each set of weights as running sums and bisects them: every ``u``
    must land where the plain weighted draw puts it, at the sums themselves too."""
    import random

    from multivalue_cli.learner.candidates import weighted_index
    from multivalue_cli.learner.selection import _share_index, _running_shares

    rng = random.Random(3)
    cases = [[0.0, 0.0, 0.0], [1.0], [0.0, 2.0], [0.3, 0.0, 0.7], [1e-9, 1.0, 1e-9]]
    cases += [[rng.choice([0.0, rng.random(), rng.random() * 20]) for _ in range(rng.randint(1, 9))]
              for _ in range(300)]
    for weights in cases:
        shares = _running_shares(weights)
        edges = shares if isinstance(shares, list) else []
        for u in [rng.random() for _ in range(50)] + [0.0, 0.999999999] + [min(e, 0.9999999) for e in edges]:
            assert _share_index(shares, u) == weighted_index(weights, u), (weights, u)


def test_a_kept_draw_order_serves_only_its_own_factors_and_key(docs):
    """A text's plan keeps its full draw order (the calibration's capacities and the
    injection share it): a run with other factors or another key must draw afresh."""
    config = ErrorConfig(types=("learner",), rate=0.15, seed=3)
    other = replace(config, adjust=(("M:DET", 3.0), ("R:PREP", 0.05), ("spell", 0.2)))
    changed = 0
    for i, doc in enumerate(docs[:200]):
        store: dict = {}
        for cfg in (config, other, config):
            for key in (i, i + 1000):
                kept = LearnerInjector(cfg).inject(doc, key=key, path="text", store=store)
                fresh = LearnerInjector(cfg).inject(doc, key=key, path="text")
                assert (kept.text, kept.edits, kept.capacity) == (fresh.text, fresh.edits, fresh.capacity)
        changed += LearnerInjector(config).inject(doc, key=i, path="text").text != \
            LearnerInjector(other).inject(doc, key=i, path="text").text
    assert changed > 20  # the factors do change the draws


def test_one_calibration_pass_fits_what_the_two_steps_fit(nlp):
    from multivalue_cli.learner.calibrate import field_sizes, fit, fit_adjust

    docs = list(nlp.pipe(corpus_texts()[:400]))
    items = [(doc, i, "text", ()) for i, doc in enumerate(docs)]
    config = ErrorConfig(types=("learner",), rate=0.1, seed=2)
    adjust, sizes = fit(config, items, ["text"])
    assert adjust == fit_adjust(config, items) and adjust
    assert sizes == field_sizes(replace(config, adjust=adjust), items, ["text"])


def test_a_keyed_stream_draws_the_keyed_numbers():
    from multivalue_cli.engine.apply import keyed_stream, keyed_uniform

    for prefix in [(), (0,), (13, "row 7", "dialog.turns[2].text")]:
        draw = keyed_stream(*prefix)
        for rest in [("site", 0, 0), (4, "type"), ("choice", 12, "R:SPELL"), ("é",)]:
            assert draw(*rest) == keyed_uniform(*prefix, *rest)


def test_protected_tags_take_no_learner_error(docs):
    """``protect_tags``: no candidate claims a token with one of the tags, or changes it as a
    side effect (as the spider preset uses for superlatives and comparatives)."""
    tags = ("JJS", "RBS", "JJR", "RBR")
    free = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=4))
    kept = LearnerInjector(ErrorConfig(types=("learner",), rate=0.3, seed=4, protect_tags=tags))
    offered = 0
    for doc in docs:
        degree = {t.i for t in doc if t.tag_ in tags}
        offered += sum(c.token in degree for c in free._plan(doc, ()).candidates)
        plan = kept._plan(doc, ())
        assert degree <= plan.protected
        assert not any(c.token in degree for c in plan.candidates)
    assert offered > 20
    with pytest.raises(ValueError, match="sequence of tags"):
        ErrorConfig(types=("learner",), rate=0.1, protect_tags="JJS")  # not the tags J, S


def test_no_real_word_confusion_makes_or_unmakes_a_negative_or_a_number(nlp):
    """*would not* -> *would now*, *are not* -> *are nor* reverse what a sentence says, *for
    hours* -> *four hours* or *nine* -> *nice* change a quantity (the label of most tasks):
    real-word confusions leave negatives and number words alone and never make one; ordinary
    misspellings of them (*nevver*) stay readable and may happen."""
    from spacy.lang.en.lex_attrs import like_num

    from multivalue_cli.learner import spelling

    for word in [*spelling.NEGATIVE_WORDS, "two", "four", "ten", "nine", "six", "one", "first"]:
        assert spelling.spellings(word, "real_word") == (), word
    for word in ("now", "nut", "net", "nod", "nose", "ever", "nought", "for", "too", "then", "nice", "sex", "tan"):
        made = spelling.spellings(word, "real_word")
        assert not set(made) & spelling.NEGATIVE_WORDS and not any(like_num(w) for w in made), (word, made)
    assert "from" in spelling.spellings("form", "real_word")  # confusions of other words remain
    texts = ["He would not go now.", "The names are not in the list.", "I am not sure and neither is she.",
             "They could not find the note.", "Nobody saw the nut, nor the net."] * 40
    injector = LearnerInjector(ErrorConfig(types=("spell",), rate=0.5, seed=9))
    negatives = lambda text: sorted(w for w in text.lower().replace(",", " ").replace(".", " ").split()
                                    if w in spelling.NEGATIVE_WORDS)
    changed = 0
    for i, doc in enumerate(nlp.pipe(texts)):
        out = injector.inject(doc, key=i, path="text").text
        changed += out != doc.text
        assert len(negatives(out)) <= len(negatives(doc.text)), (doc.text, out)
        assert not set(negatives(out)) - set(negatives(doc.text)), (doc.text, out)
    assert changed > 150


@pytest.mark.parametrize("text, first, expected", [
    ("In 1980, how many cars were made?", "In", "1980, how many cars were made?"),
    ('So "hello" is what he said.', "So", '"Hello" is what he said.'),
    ("The cat sat on the mat.", "The", "Cat sat on the mat."),
    ("He left. In 2020 the shop closed.", "In", "He left. 2020 the shop closed."),
])
def test_a_sentence_that_loses_its_first_word_starts_with_the_next_token(nlp, text, first, expected):
    """The capital goes to what now starts the sentence (a number keeps none: the word after
    it stays lower case), and the edit log gives back the output even where the capital moved
    past a quote."""
    from multivalue_cli.learner.candidates import Candidate
    from multivalue_cli.learner.selection import Chosen

    doc = nlp(text)
    token = next(t.i for t in doc if t.text == first)
    result = render_errors(doc, [Chosen(Candidate("prep", "M:PREP", "delete", token), "")])
    assert result.text == expected
    assert replay(doc.text, result.edits) == result.text
    assert result.distance == 1


def test_candidates_are_drawn_in_token_then_signature_order(docs):
    from multivalue_cli.learner.selection import DRAW_ORDER

    injector = LearnerInjector(ErrorConfig(types=("learner",), rate=0.1, seed=5))
    candidates = [c for doc in docs for c in injector._plan(doc, ()).candidates]
    assert len(candidates) > 200
    import random

    random.Random(3).shuffle(candidates)
    assert sorted(candidates, key=DRAW_ORDER) == sorted(candidates, key=lambda c: (c.token, c.signature()))


def test_every_error_type_has_its_finder():
    from multivalue_cli.learner.injector import FINDERS
    from multivalue_cli.learner.profile import TYPES

    assert tuple(FINDERS) == TYPES and all(callable(f) for f in FINDERS.values())
