"""Texts to parses the rules can read, each text parsed once while this process keeps it.

A parse keeps no token vectors, and the recently parsed texts are kept per process
(:class:`ParseCache`): templated benchmarks repeat a context or a question many times, and a
text seen again needs neither a parse nor its rules' site search.
"""
from __future__ import annotations

from collections import OrderedDict
from contextlib import contextmanager
from typing import TYPE_CHECKING, Iterator, Sequence

from .apply import Prepared

if TYPE_CHECKING:
    from spacy.language import Language
    from spacy.tokens import Doc

DEFAULT_CACHE_SIZE = 2_000  # parsed texts kept per process (see ParseCache)
CACHE_MAX_CHARS = 4_000  # longer texts (pieces of a book) are not kept: they seldom come back
# ... and at most this much text in all (a kept text costs about 60 bytes a character, its
# parse without vectors, index and sites: some 25 MB, measured on the realtext texts). The
# learner calibration's sample (at most 200,000 characters) stays for the run to reuse.
CACHE_TOTAL_CHARS = 400_000


class ParseCache:
    """The most recently used parsed texts (:class:`Prepared`), by exact text, at most ``size``
    of them and ``chars`` characters of text. (Repeats of templated texts come close together:
    on the BBQ files a cache of 50,000 characters finds every one that 2,000 texts of any length
    would.)"""

    def __init__(self, size: int, chars: int = CACHE_TOTAL_CHARS) -> None:
        self.size = size
        self.chars = chars
        self.kept_chars = 0
        self._entries: OrderedDict[str, Prepared] = OrderedDict()
        self.hits = self.misses = 0

    def get(self, text: str) -> Prepared | None:
        found = self._entries.get(text)
        if found is None:
            self.misses += 1
            return None
        self.hits += 1
        self._entries.move_to_end(text)
        return found

    def put(self, text: str, prepared: Prepared) -> None:
        if text not in self._entries:
            self.kept_chars += len(text)
        self._entries[text] = prepared
        self._entries.move_to_end(text)
        while len(self._entries) > self.size or self.kept_chars > self.chars:
            self.kept_chars -= len(self._entries.popitem(last=False)[0])


_SHARED_CACHES: dict[tuple, ParseCache] = {}


def shared_cache(model: str | None, size: int) -> ParseCache:
    """The parse cache of this process for a pipeline: the run's calibration pass and its
    in-process worker share it (and forked workers inherit what the calibration parsed)."""
    key = (model, size)
    if key not in _SHARED_CACHES:
        _SHARED_CACHES[key] = ParseCache(size)
    return _SHARED_CACHES[key]


class Parser:
    """``nlp.pipe`` in batches of ``batch_size`` texts, through ``cache`` if given, and through
    the texts pinned for a while (:meth:`pinning`), whatever the cache keeps."""

    def __init__(self, nlp: "Language", batch_size: int, cache: ParseCache | None = None) -> None:
        self.nlp = nlp
        self.batch_size = batch_size
        self.cache = cache
        self.pinned: dict[str, Prepared] = {}

    @contextmanager
    def pinning(self, texts: Sequence[str]) -> Iterator[list[Prepared]]:
        """Prepare ``texts`` and keep them for every :meth:`prepare` and :meth:`docs` until the
        block ends: several transformers rewriting the same texts (other dialects, variants)
        share one parse and one search for each rule's sites."""
        ready = self.prepare(texts)
        self.pinned = dict(zip(texts, ready))
        try:
            yield ready
        finally:
            self.pinned = {}

    def docs(self, texts: Sequence[str]) -> list["Doc"]:
        """The parse of each text: the pinned one, else a fresh one (not from the cache, nor
        kept in it)."""
        pinned = self.pinned
        missing = [t for t in texts if t not in pinned]
        fresh = self.parse(missing) if missing else iter(())
        return [pinned[t].doc if t in pinned else next(fresh) for t in texts]

    def parse(self, texts: Sequence[str]) -> Iterator["Doc"]:
        """Each text parsed, without its token vectors: the rules and the learner stage read
        tags, dependencies and lemmas, and a parse's vectors are a view that keeps its whole
        batch's array alive (2,000 kept parses of 210-character texts held 264 MB of memory
        with them, 24 MB without)."""
        import numpy

        no_vectors = numpy.zeros((0,), dtype="float32")  # what a Doc has before tok2vec runs
        for doc in self.nlp.pipe(texts, batch_size=self.batch_size):
            doc.tensor = no_vectors
            yield doc

    def prepare(self, texts: Sequence[str]) -> list[Prepared]:
        """Each text parsed once: from the cache, or in one :meth:`parse` over the distinct
        texts not in it."""
        cache, pinned = self.cache, self.pinned
        found: dict[str, Prepared] = {}
        for text in texts:
            hit = pinned.get(text) if pinned else None
            if hit is None and cache is not None:
                hit = cache.get(text)
            if hit is not None:
                found[text] = hit
        missing = [t for t in dict.fromkeys(texts) if t not in found]
        for text, doc in zip(missing, self.parse(missing)):
            found[text] = Prepared(doc)
            if cache is not None and len(text) <= CACHE_MAX_CHARS:
                cache.put(text, found[text])
        return [found[t] for t in texts]
