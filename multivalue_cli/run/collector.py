"""How Python's garbage collector runs in the processes of a run.

A run makes and frees millions of short-lived objects (token views, sites, edit rows) and
makes few reference cycles (spaCy's parser leaves a small one per batch it parses): reference
counts free nearly everything. With Python's default thresholds (700, 10, 10) the collector
made about ten full passes after the pipeline was loaded and frozen, in a five-second run over
the 2,016 distinct realtext texts, each over every object made since (the parse cache, the
inflection entries read so far, the look-up memos) and growing to 0.2 s: 10-17% of the run, for
a few small cycles. With :data:`THRESHOLDS`, young collections come 70 times less often and a
full one waits for 100 middle ones (CPython up to 3.13; 3.14's incremental collector reads them
its own way): the same run spends a quarter of that time collecting, and peak memory stays
as it was (measured with ``scripts/bench.py``; cycles are still collected, later).

Only the processes of a run collect less often for good
(:func:`multivalue_cli.run.tuning.tune_process`). In a library caller's process
(``Transformer``, ``hf_map``) the thresholds are the caller's: :func:`collecting_less` raises
them for the length of one batch call only, and only where they are lower (the default ones:
2,016 distinct texts through ``transform_many`` took 2.6-2.7 s with them, 2.2-2.4 s with these),
then puts back what was there.
"""
from __future__ import annotations

import gc
from contextlib import contextmanager
from typing import Iterator

THRESHOLDS = (50_000, 20, 100)


def tune() -> None:
    """Collect less often (see the module's text)."""
    gc.set_threshold(*THRESHOLDS)


@contextmanager
def collecting_less() -> Iterator[None]:
    """:data:`THRESHOLDS` while the block runs, where the collector is on and the thresholds
    set are lower; afterwards the thresholds as they were."""
    before = gc.get_threshold()
    raise_them = gc.isenabled() and 0 < before[0] < THRESHOLDS[0]
    if raise_them:
        gc.set_threshold(*THRESHOLDS)
    try:
        yield
    finally:
        if raise_them:
            gc.set_threshold(*before)


def freeze_all() -> None:
    """Exempt every object the collector tracks now from collection (unreachable cycles not
    yet collected included: they are then never freed): after loading the pipeline and its
    tables (millions of objects that live as long as the process), and at the very end of
    the command, where the collection Python makes at exit walked them all (0.2 s) to free
    what the process's end frees anyway."""
    gc.freeze()
