"""The journal of finished shards (``OUT/.work/shards.jsonl``): one JSON line appended per shard
as it is finished, so recording a shard costs the same however many came before it. The
manifest lists the shards only when it is written whole (when the run stops, or ends), which
compacts the journal: the lines it lists are dropped.

A run that dies leaves the manifest's shards and the journal's lines after them; a resume
reads both (:func:`finished_shards`). A last line cut short by the death is ignored.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

JOURNAL_NAME = "shards.jsonl"


class ShardJournal:
    """Appends finished shards to the journal of a run's work folder."""

    def __init__(self, work: Path) -> None:
        self.path = work / JOURNAL_NAME
        self._fd: int | None = None

    def append(self, shard: dict) -> None:
        """Record a finished shard (one write of one whole line)."""
        if self._fd is None:
            self._fd = os.open(self.path, os.O_RDWR | os.O_APPEND | os.O_CREAT | os.O_NOFOLLOW, 0o644)
            _end_cut_line(self._fd)
        os.write(self._fd, (json.dumps(shard, ensure_ascii=False) + "\n").encode("utf-8"))

    def compacted(self) -> None:
        """The manifest now lists every shard: the journal's lines are dropped."""
        self.close()
        self.path.unlink(missing_ok=True)

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


def _end_cut_line(fd: int) -> None:
    """Drop a last line cut short (a run killed while it wrote it), before appending."""
    size = os.fstat(fd).st_size
    if size and os.pread(fd, 1, size - 1) != b"\n":
        data = os.pread(fd, size, 0)
        os.ftruncate(fd, data.rfind(b"\n") + 1)


def finished_shards(listed: list[dict], work: Path) -> list[dict]:
    """The shards the manifest lists, then those the journal recorded after them, in order."""
    shards = list(listed)
    path = work / JOURNAL_NAME
    if not path.is_file() or path.is_symlink():
        return shards
    for line in path.read_bytes().split(b"\n"):
        try:
            shard = json.loads(line)
        except ValueError:
            continue  # a line cut short, or the empty rest after the last line break
        if isinstance(shard, dict) and shard.get("index") == len(shards):
            shards.append(shard)
    return shards
