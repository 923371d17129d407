"""The records a run hands across process and file boundaries: a text to rewrite (:class:`Task`,
to a worker), what became of it (:class:`Outcome`, back), and a text's learner statistics with
its field (:class:`TextStats`, into a shard's learner file and out of it for the manifest).

Tasks and outcomes are pickled for every batch, so they are named tuples: a tuple's pickle and
the class's name once per batch."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

if TYPE_CHECKING:
    from ..engine.apply import AppliedEdit
    from ..learner.injector import LearnerStats


class Task(NamedTuple):
    """One text to rewrite."""

    row: int  # the record key: the input row
    path: str  # the concrete field path of the text
    text: str
    protected: tuple[str, ...]  # terms no stage may touch in this text
    pair: object  # the counterfactual pair value, or None
    spans: tuple[tuple[int, int], ...] = ()  # character spans labels point at (kept, offsets moved)
    draw: tuple[str, str] | None = None  # a text-keyed field's: the text's key and the field

    # tokens joined as a sentence: the new text's tokens come back ("tokens"), with their
    # tags ("tags", a full parse); "" for none
    parse_output: str = ""

    def draw_key(self) -> tuple[object, str]:
        """What the text's random draws are keyed by, with the seed: its row and path, or, in
        a text-keyed field, its text and field (the same text gets the same edits anywhere)."""
        return self.draw if self.draw is not None else (self.row, self.path)


class Outcome(NamedTuple):
    """What a worker made of a :class:`Task`."""

    text: str  # the new text (the old one where it failed)
    edits: list[AppliedEdit]
    failures: list[str]  # why the text could not be rewritten, if it could not
    stats: LearnerStats | None  # with learner errors
    # for the first member of a counterfactual pair: dialect sites carried over to every
    # member, and sites not given (the members' parses disagreed)
    pair_counts: tuple[int, int] | None
    blocked: int = 0  # dialect sites not applied because they would change a label's span
    # with Task.parse_output, where the text changed: (start, end, Penn tag, UPOS) of each
    # token of the new text (the tags empty when only its tokens were asked for)
    parsed: tuple[tuple[int, int, str, str], ...] | None = None


class TextStats(NamedTuple):
    """A text's learner statistics and the field path it was read at: one row of a shard's
    learner file, from which the manifest's learner summary is made."""

    path: str
    stats: LearnerStats

    def to_json(self) -> list[Any]:
        """The row as written: ``[distance, unprotected, capacity, expected, per_label, path]``."""
        s = self.stats
        return [s.distance, s.unprotected, s.capacity, s.expected, s.per_label, self.path]

    @classmethod
    def from_json(cls, row: list[Any]) -> "TextStats":
        from ..learner.injector import LearnerStats

        distance, unprotected, capacity, expected, per_label, path = row
        return cls(path, LearnerStats(distance, unprotected, capacity, expected, per_label))
