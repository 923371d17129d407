"""multivalue: rewrite the text of NLP datasets into varieties of English."""
from __future__ import annotations

__version__ = "0.1.0"

__all__ = ["Transformer", "hf_map", "transform_records", "__version__"]


def __getattr__(name: str):
    # Imported lazily so `multivalue --help` and worker start-up stay light.
    if name == "Transformer":
        from .transformer import Transformer

        return Transformer
    if name == "hf_map":
        from .hf import hf_map

        return hf_map
    if name == "transform_records":
        from .hf import transform_records

        return transform_records
    raise AttributeError(name)
