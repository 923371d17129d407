"""How Python's garbage collector runs in the processes of a run.

A run makes and frees millions of short-lived objects (token views, sites, edit rows) and
keeps almost no reference cycles: reference counts free nearly everything. With Python's
default thresholds (700, 10, 10) the collector made about ten full passes in a five-second run
over the 2,016 distinct realtext texts, each over every live object (the parse cache, the
inflection tables' entries, the look-up memos) and growing to 0.2 s, 10-17% of the run; none
found any garbage. With :data:`THRESHOLDS`, young collections come 70 times less often and a
full one waits for 100 middle ones: the same run spends a quarter of that time collecting, and
memory stays as it was (measured with ``scripts/bench.py``; cycles are still collected).
"""
from __future__ import annotations

import gc

THRESHOLDS = (50_000, 20, 100)


def tune() -> None:
    """Collect less often (see the module's text)."""
    gc.set_threshold(*THRESHOLDS)


def freeze_all() -> None:
    """Exempt every object alive now from collection: after loading the pipeline and its
    tables (millions of objects that live as long as the process), and at the very end of
    the command, where the collection Python makes at exit walked them all (0.2 s) to free
    what the process's end frees anyway."""
    gc.freeze()
