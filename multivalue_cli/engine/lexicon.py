"""lemminflect's look-up tables, each word's entry decoded the first time it is asked for.

lemminflect decodes both of its tables whole on first use (the inflections of 34,000 lemmas,
the lemmas of 70,000 words): about 0.45 s of every process start, where a run looks up a few
hundred words. :func:`use_lazy_tables` gives lemminflect tables that read the same files,
keep each word's lines, and decode an entry with lemminflect's own codecs when it is first
looked up - the same entries (every one compared in ``tests/test_lexicon.py``). A lemminflect
whose internals differ from those expected keeps its own loading.

lemminflect's tables are its own, one per process: they are replaced only in the processes of
a run (:func:`read_tables_lazily`, called by :func:`multivalue_cli.run.tuning.tune_process`).
"""
from __future__ import annotations

import gzip
from collections.abc import Callable, Iterable, Iterator, KeysView
from operator import ne

_lazily = False  # see read_tables_lazily


class TableLines:
    """The lines of a gzipped lemminflect table (``word,category,...``), found by word. The
    tables list each word's lines together, so two dictionaries built at C speed (a word's
    first and last line) find them; were they not together, the lines are grouped by word."""

    def __init__(self, path: str) -> None:
        with gzip.open(path, "rb") as stream:
            lines = [line for line in stream.read().decode().split("\n") if line]
        words = [line[:line.find(",")] for line in lines]
        self._lines = lines
        self._first = dict(zip(reversed(words), range(len(words) - 1, -1, -1)))
        self._last = dict(zip(words, range(len(words))))
        self._grouped: dict[str, list[str]] | None = None
        if len(self._last) != 1 + sum(map(ne, words, words[1:])):  # a word's lines apart
            self._grouped = {}
            for word, line in zip(words, lines):
                self._grouped.setdefault(word, []).append(line)

    def words(self) -> KeysView[str]:
        return self._last.keys()

    def of(self, word: str) -> list[str] | None:
        """The word's lines in file order, None if it has none."""
        if self._grouped is not None:
            return self._grouped.get(word)
        first = self._first.get(word)
        return None if first is None else self._lines[first:self._last[word] + 1]


class LazyTable(dict):
    """``word -> entry`` for every word of a lemminflect table; an entry is decoded from its
    lines on first access and kept. lemminflect reads its tables only with ``get``."""

    def __init__(self, lines: TableLines, decode: Callable[[str, list[str]], dict],
                 extra: Iterable[str] = ()) -> None:
        super().__init__()
        self._lines = lines
        self._decode = decode
        known = lines.words()  # words with an entry but no line, in a fixed order:
        self._extra = tuple(sorted(word for word in set(extra) if word not in known))

    def __missing__(self, word: str) -> dict:
        lines = self._lines.of(word)
        if lines is None:
            if word not in self._extra:
                raise KeyError(word)
            lines = []
        entry = self[word] = self._decode(word, lines)
        return entry

    def get(self, word, default=None):
        try:
            return self[word]
        except KeyError:
            return default

    def __contains__(self, word) -> bool:
        return self._lines.of(word) is not None or word in self._extra

    def __iter__(self) -> Iterator[str]:
        yield from self._lines.words()
        yield from self._extra

    def __len__(self) -> int:
        return len(self._lines.words()) + len(self._extra)


def inflection_table(path: str) -> LazyTable:
    """The table ``InflectionLUCodec.load`` builds: a word's lines merged in file order, the
    auxiliaries and modals replaced by the codec's own entries."""
    from lemminflect.codecs.InflectionLUCodec import InflectionLUCodec

    fixed = InflectionLUCodec.updateForAuxMod({})

    def decode(word: str, lines: list[str]) -> dict:
        if word in fixed:
            return dict(fixed[word])
        entry: dict = {}
        for line in lines:
            entry.update(InflectionLUCodec.fromString(line)[2])
        return entry

    return LazyTable(TableLines(path), decode, extra=fixed)


def lemma_table(path: str) -> LazyTable:
    """The table ``LemmaLUCodec.load`` builds: ``{upos: lemmas}`` per word, in file order."""
    from lemminflect.codecs.LemmaLUCodec import LemmaLUCodec
    from lemminflect.core.LexicalUtils import categoryToUPos

    def decode(word: str, lines: list[str]) -> dict:
        entry: dict = {}
        for line in lines:
            _, category, forms = LemmaLUCodec.fromString(line)
            entry[categoryToUPos(category)] = forms
        return entry

    return LazyTable(TableLines(path), decode)


def read_tables_lazily() -> None:
    """From now on in this process, :func:`use_lazy_tables` gives lemminflect its tables read
    on demand."""
    global _lazily
    _lazily = True


def use_lazy_tables() -> bool:
    """Give lemminflect's inflector and lemmatizer tables read on demand, in a process that
    asked for them (:func:`read_tables_lazily`), unless they are loaded already or lemminflect
    does not keep them where expected. True if it did (or had)."""
    if not _lazily:
        return False
    try:
        from lemminflect.core.Inflections import Inflections
        from lemminflect.core.Lemmatizer import Lemmatizer
    except ImportError:
        return False
    inflections, lemmatizer = Inflections(), Lemmatizer()
    expected = (hasattr(Inflections, "_getInflDict") and hasattr(Lemmatizer, "_getLemmaDict")
                and isinstance(getattr(inflections, "infl_lu_fn", None), str)
                and isinstance(getattr(lemmatizer, "lemma_lu_fn", None), str))
    if not expected:
        return False
    if not hasattr(inflections, "infl_dict"):
        inflections.infl_dict = inflection_table(inflections.infl_lu_fn)
    if not hasattr(lemmatizer, "lemma_dict"):
        lemmatizer.lemma_dict = lemma_table(lemmatizer.lemma_lu_fn)
    return isinstance(inflections.infl_dict, LazyTable) and isinstance(lemmatizer.lemma_dict, LazyTable)
