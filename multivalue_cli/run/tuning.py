"""What a process of a run sets up for speed, all in one place: :func:`tune_process`, called by
the command line's ``main()`` and by every worker process and Ray actor as it starts.

A library caller's process (``Transformer``, ``hf_map``) is left as it was: spaCy is imported
as ``import spacy`` imports it, and the environment, the garbage collector, the C allocator,
the import system and other libraries' tables stay as the caller has them. What the engine
does to its own pipeline (attribute look-ups, numpy's matrix multiplication, the tokenizer read
once: :mod:`multivalue_cli.engine.nlp`) is the same on both paths, and so is the output. A
caller who wants the same speed-ups in their own process may call :func:`tune_process` first.

Each setting is explained, and measured, where it is made:

* one BLAS/OpenMP thread per process, Arrow's allocator without its purging thread
  (:func:`limit_threads`);
* the garbage collector runs less often (:mod:`.collector`);
* glibc's malloc keeps freed memory for the next batch (:mod:`.allocator`);
* spaCy imported without its command-line package, and ``catalogue``'s entry points filed by
  group (:mod:`multivalue_cli.engine.spacy_import`);
* lemminflect's tables decoded word by word (:mod:`multivalue_cli.engine.lexicon`);
* pyarrow's probe for pandas answered without importing pandas
  (:mod:`multivalue_cli.io.pandas_probe`).

The last three happen when spaCy, lemminflect or the first shard is first needed, not here:
the commands that need none of them start as fast as before.
"""
from __future__ import annotations

import os

from ..engine import lexicon, spacy_import
from ..io import pandas_probe
from . import allocator, collector

THREAD_VARS = ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS")


def tune_process() -> None:
    """Set this process up as a process of a run (see the module's text); call it first thing,
    before numpy or pyarrow is imported. Calling it again changes nothing."""
    limit_threads()
    collector.tune()
    allocator.keep_memory_between_batches()
    spacy_import.without_commands()
    lexicon.read_tables_lazily()
    pandas_probe.spare_at_first_write()


def limit_threads() -> None:
    """One BLAS/OpenMP thread per process: with several workers, more threads only contend.
    Arrow's jemalloc also starts a background purging thread when pyarrow loads; beside the
    parser it costs about 4% of parsing throughput (measured with ``scripts/bench.py``), so it
    is turned off (memory is then returned to the system during allocations instead).
    Must run before numpy or pyarrow is first imported."""
    for var in THREAD_VARS:
        os.environ.setdefault(var, "1")
    os.environ.setdefault("JE_ARROW_MALLOC_CONF", "background_thread:false")
