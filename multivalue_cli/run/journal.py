"""The journal of finished shards (``OUT/.work/shards.jsonl``): one JSON line appended per shard
as it is finished, so recording a shard costs the same however many came before it. The
manifest lists the shards only when it is written whole (when the run stops, or ends), which
compacts the journal: the lines it lists are dropped.

A run that dies leaves the manifest's shards and the journal's lines after them; a resume
reads both (:func:`finished_shards`). A last line cut short by the death is ignored.

A shard written by a task of its own (on a cluster) ends with a completion marker
(``done-0000k.json``, the shard's entry, written last): a run whose driver died before it
journaled the shard finds it there. Shards finish in any order on a cluster: the journal and
the markers may list them out of order, :func:`finished_shards` gives them in order.
"""
from __future__ import annotations

import json
import os
from pathlib import Path

from ..io.writers import atomic_write_text

JOURNAL_NAME = "shards.jsonl"


def marker_name(index: int) -> str:
    """The completion marker of shard ``index`` (in the work folder)."""
    return f"done-{index:05d}.json"


def write_marker(work: Path, shard: dict) -> None:
    """Mark a shard finished, once all its files are."""
    atomic_write_text(work / marker_name(shard["index"]), json.dumps(shard, ensure_ascii=False))


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
    """The shards the manifest lists, those the journal recorded after them and those whose
    completion marker is there, each once, in order."""
    found = {shard.get("index"): shard for shard in listed}
    path = work / JOURNAL_NAME
    lines = path.read_bytes().split(b"\n") if path.is_file() and not path.is_symlink() else []
    markers = [m.read_bytes() for m in sorted(work.glob("done-*.json"))
               if m.is_file() and not m.is_symlink()] if work.is_dir() else []
    for line in lines + markers:
        try:
            shard = json.loads(line)
        except ValueError:
            continue  # a line cut short, or the empty rest after the last line break
        index = shard.get("index") if isinstance(shard, dict) else None
        if isinstance(index, int) and index >= 0 and index not in found:
            found[index] = shard
    return [found[k] for k in sorted(k for k in found if isinstance(k, int))]
