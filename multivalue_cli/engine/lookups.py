"""The pipeline's two rule-based components, run as table look-ups: the same annotations,
about a third less parsing time.

**Attribute ruler.**
The English pipeline's ``attribute_ruler`` maps each token's tag (and a few words, dependency
labels and two-word sequences) to its coarse POS, morphology and some lemmas with 179 Matcher
patterns. spaCy's Matcher walks every pattern over every token: on benchmark text that is a
third of the whole parse, more than the parser itself. Every pattern of that component tests
only a token's tag, lower-case form, dependency label and whether it is a space, with
equality, ``IN``, ``NOT_IN`` or ``REGEX``, over one or two tokens — so what the single-token
patterns set depends on those four values alone and can be worked out once per distinct
combination. :class:`AttributeLookup` does that and applies the results in the stock
component's order (later patterns win, attribute by attribute), giving the same annotations
(``tests/test_nlp.py`` compares every attribute on varied text). A pipeline with any other kind
of pattern keeps its stock component.

**Lemmatizer.** spaCy's rule lemmatizer works out a lemma from the word, its POS and its
morphology, and caches only some of its answers (not base forms: most nouns and verbs), one
Python call per token. :class:`LemmaMemo` remembers every answer by (word, POS, morphology) —
all the lemma depends on — and asks the stock component only for new ones.
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Iterator

from spacy.attrs import DEP, IS_SPACE, LEMMA, LOWER, MORPH, ORTH, POS, TAG
from spacy.language import Language
from spacy.lookups import Table
from spacy.tokens._retokenize import set_token_attrs

if TYPE_CHECKING:
    from spacy.tokens import Doc

# A token test: (attribute, operator, operand); operators "eq", "in", "not_in", "regex".
Test = tuple[str, str, Any]
Predicate = tuple[Test, ...]

KEY_ATTRS = ("TAG", "LOWER", "DEP", "IS_SPACE")
KEY_IDS = [TAG, LOWER, DEP, IS_SPACE]
INDEXED_ATTRS = ("LOWER", "TAG")  # the tests that file a pattern (see _index_by_value)
# predicates filed by a value they require, and those filed under none (positions in a list)
ValueIndex = tuple[dict[tuple[str, str], tuple[int, ...]], tuple[int, ...]]
# Distinct (tag, word, dependency, space) or (word, POS, morphology) combinations remembered
# by each component; then its memo starts over.
MEMO_LIMIT = 200_000


def _predicate(spec: dict) -> Predicate | None:
    """The tests of one token pattern, or None if it uses anything else."""
    tests: list[Test] = []
    for attr, value in spec.items():
        if attr not in KEY_ATTRS:
            return None
        if isinstance(value, dict):
            if len(value) != 1:
                return None
            ((op, operand),) = value.items()
            if op in ("IN", "NOT_IN") and isinstance(operand, list):
                tests.append((attr, op.lower(), frozenset(operand)))
            elif op == "REGEX" and isinstance(operand, str):
                tests.append((attr, "regex", re.compile(operand)))
            else:
                return None
        elif isinstance(value, (str, bool)):
            tests.append((attr, "eq", value))
        else:
            return None
    return tuple(tests)


def _holds(predicate: Predicate, values: dict[str, Any]) -> bool:
    for attr, op, operand in predicate:
        value = values[attr]
        if op == "eq":
            if value != operand:
                return False
        elif op == "in":
            if value not in operand:
                return False
        elif op == "not_in":
            if value in operand:
                return False
        elif not operand.search(value):
            return False
    return True


# What a ruler's patterns compile to: the one-token patterns as (order, tests, attributes), and
# the longer ones as (order, the tests of each word, index of the word set, attributes).
Compiled = tuple[list[tuple[int, Predicate, dict]], list[tuple[int, tuple[Predicate, ...], int, dict]]]


def compile_patterns(ruler) -> Compiled | None:
    """The stock ``ruler``'s patterns in the form :class:`AttributeLookup` evaluates, or None if
    any pattern is of another kind."""
    single, multi = [], []
    for order, (entry, attrs, index) in enumerate(zip(ruler.patterns, ruler.attrs, ruler.indices)):
        for pattern in entry["patterns"]:
            predicates = tuple(_predicate(spec) for spec in pattern)
            if not predicates or any(p is None for p in predicates) or not -len(predicates) <= index < len(predicates):
                return None
            if len(predicates) == 1:
                single.append((order, predicates[0], attrs))
            else:
                multi.append((order, predicates, index % len(predicates), attrs))
    return single, multi


class _DocComponent:
    """A pipeline component that annotates one document at a time (``nlp.pipe`` included)."""

    def __call__(self, doc: Doc) -> Doc:
        raise NotImplementedError

    def pipe(self, docs: Iterable[Doc], batch_size: int | None = None) -> Iterator[Doc]:
        for doc in docs:
            yield self(doc)


class AttributeLookup(_DocComponent):
    """The stock attribute ruler's patterns, compiled (see the module's docstring)."""

    def __init__(self, vocab) -> None:
        self.vocab = vocab
        self.single: list[tuple[int, Predicate, dict]] = []
        # the single-token patterns that can hold of a token: those whose word or tag test it
        # passes (by ("TAG", tag) or ("LOWER", word)) and those with no such test ("always");
        # positions in ``single``
        self.single_index: ValueIndex = ({}, ())
        self.multi_index: ValueIndex = ({}, ())  # the same for multi_predicates
        # (order, the tests of each word as positions in multi_predicates, index, attributes)
        self.multi: list[tuple[int, tuple[int, ...], int, dict]] = []
        self.multi_predicates: list[Predicate] = []
        # (tag, lower, dep, is_space) hashes -> what _look_up works out for them
        self.memo: dict[tuple, tuple[list[tuple[int, dict]], dict | None, frozenset]] = {}

    def take(self, compiled: Compiled) -> None:
        """Evaluate these patterns (from :func:`compile_patterns`) from now on."""
        single, multi = compiled
        self.multi_predicates = list(dict.fromkeys(p for _, preds, _, _ in multi for p in preds))
        position = {p: k for k, p in enumerate(self.multi_predicates)}
        self.single = single
        self.single_index = _index_by_value([pred for _, pred, _ in single])
        self.multi_index = _index_by_value(self.multi_predicates)
        self.multi = [(order, tuple(position[p] for p in preds), index, attrs)
                      for order, preds, index, attrs in multi]
        self.memo = {}

    def _look_up(self, key: tuple) -> tuple[list[tuple[int, dict]], dict | None, frozenset]:
        """For one (tag, lower, dep, is_space) of hashes: the single-token patterns' (order,
        attributes), their merged attributes, and which multi-token tests hold."""
        strings = self.vocab.strings
        values = {attr: (strings[h] if h else "") for attr, h in zip(KEY_ATTRS[:3], key[:3])}
        values["IS_SPACE"] = bool(key[3])
        single = self.single
        found = [(single[k][0], single[k][2]) for k in _may_hold(self.single_index, values)
                 if _holds(single[k][1], values)]
        merged = _merged_attributes(found) if found else None
        multi = self.multi_predicates
        hits = frozenset(k for k in _may_hold(self.multi_index, values) if _holds(multi[k], values))
        if len(self.memo) >= MEMO_LIMIT:
            self.memo.clear()
        entry = self.memo[key] = (found, merged, hits)
        return entry

    def __call__(self, doc: Doc) -> Doc:
        memo, look_up = self.memo, self._look_up
        info = [memo.get(key) or look_up(key) for key in map(tuple, doc.to_array(KEY_IDS).tolist())]
        extra = self._multi_matches(info) if self.multi else {}
        for i, (found, merged, _) in enumerate(info):
            more = extra.get(i)
            if more:
                merged = _merged_attributes(sorted(found + more, key=lambda m: m[0]))
            if merged:
                set_token_attrs(doc[i], merged)
        return doc

    def _multi_matches(self, info: list) -> dict[int, list[tuple[int, dict]]]:
        """Token position -> (order, attributes) of the multi-token patterns that set it."""
        extra: dict[int, list[tuple[int, dict]]] = {}
        n = len(info)
        for start in [i for i, entry in enumerate(info) if entry[2]]:  # a word some test holds of
            for order, needed, index, attrs in self.multi:
                if start + len(needed) <= n and all(
                        k in info[start + j][2] for j, k in enumerate(needed)):
                    extra.setdefault(start + index, []).append((order, attrs))
        return extra


def _index_by_value(predicates: list[Predicate]) -> ValueIndex:
    """File each predicate under the values one of its tests requires (its test of the word,
    else of the tag, by equality or ``IN``): one filed under ``("TAG", "NN")`` can hold only
    of a token tagged NN. A token is then tested only against the predicates filed under its tag
    or its word, and those filed under nothing: the English ruler's 172 one-word patterns
    become a handful."""
    by_value: dict[tuple[str, str], list[int]] = {}
    always: list[int] = []
    for k, predicate in enumerate(predicates):
        tests = [(attr, op, operand) for attr, op, operand in predicate
                 if attr in INDEXED_ATTRS and op in ("eq", "in")]
        # the word's test where there is one: fewer patterns share a word than a tag
        test = min(tests, key=lambda t: INDEXED_ATTRS.index(t[0]), default=None)
        if test is None:
            always.append(k)
            continue
        attr, op, operand = test
        for value in ((operand,) if op == "eq" else operand):
            by_value.setdefault((attr, value), []).append(k)
    return {key: tuple(found) for key, found in by_value.items()}, tuple(always)


def _may_hold(index: ValueIndex, values: dict[str, Any]) -> list[int]:
    """The positions of the predicates that may hold of a token with these ``values``, in
    order (see :func:`_index_by_value`)."""
    by_value, always = index
    positions = set(always)
    for attr in INDEXED_ATTRS:
        positions.update(by_value.get((attr, values[attr]), ()))
    return sorted(positions)


def _merged_attributes(found: list[tuple[int, dict]]) -> dict:
    """The attributes the patterns set, in their order (a later pattern's value wins)."""
    if len(found) == 1:
        return found[0][1]
    merged: dict = {}
    for _, attrs in found:
        merged.update(attrs)
    return merged


class LemmaMemo(_DocComponent):
    """The stock rule lemmatizer with every answer remembered (see the module's docstring)."""

    def __init__(self, vocab) -> None:
        self.vocab = vocab
        self.stock = None  # the stock Lemmatizer whose rules answer what the memo lacks
        self.memo: dict[tuple[int, int, int], int] = {}  # (orth, POS, morph) -> lemma hash

    def __call__(self, doc: Doc) -> Doc:
        if not len(doc):
            return doc
        table = doc.to_array([ORTH, POS, MORPH, LEMMA])
        lemmas = table[:, 3].copy()
        memo, strings, missing = self.memo, self.vocab.strings, False
        for i, (orth, pos, morph, lemma) in enumerate(table.tolist()):
            if lemma:
                continue  # set by the attribute ruler: the stock component keeps it too
            key = (orth, pos, morph)
            found = memo.get(key)
            if found is None:
                if len(memo) >= MEMO_LIMIT:
                    memo.clear()
                found = memo[key] = strings.add(self.stock.rule_lemmatize(doc[i])[0])
            lemmas[i] = found
            missing = True
        if missing:
            doc.from_array([LEMMA], lemmas.reshape(-1, 1))
        return doc


@Language.factory("multivalue_attribute_lookup")
def make_attribute_lookup(nlp: Language, name: str) -> AttributeLookup:
    return AttributeLookup(nlp.vocab)


@Language.factory("multivalue_lemma_memo")
def make_lemma_memo(nlp: Language, name: str) -> LemmaMemo:
    return LemmaMemo(nlp.vocab)


def use_lookups(nlp: Language) -> list[str]:
    """Run ``nlp``'s attribute ruler and rule lemmatizer as look-ups where their settings allow
    it; the names of the components replaced."""
    replaced = []
    if "attribute_ruler" in nlp.pipe_names:
        compiled = compile_patterns(nlp.get_pipe("attribute_ruler"))
        if compiled is not None:
            nlp.replace_pipe("attribute_ruler", "multivalue_attribute_lookup").take(compiled)
            replaced.append("attribute_ruler")
    if "lemmatizer" in nlp.pipe_names:
        stock = nlp.get_pipe("lemmatizer")
        if getattr(stock, "mode", None) == "rule" and not getattr(stock, "overwrite", True):
            _index_as_sets(stock)
            nlp.replace_pipe("lemmatizer", "multivalue_lemma_memo").stock = stock
            replaced.append("lemmatizer")
    return replaced


def _index_as_sets(lemmatizer) -> None:
    """Give a rule lemmatizer its word index (``lemma_index``: words by POS, lists) as sets, in
    a table of its own: it only asks whether a word is in it."""
    index = lemmatizer.lookups.get_table("lemma_index", None)
    if index is None:
        return
    as_sets = Table(name=index.name)
    for pos, words in index.items():
        as_sets[pos] = frozenset(words)
    lemmatizer.lookups.set_table("lemma_index", as_sets)
