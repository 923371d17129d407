"""Importing spaCy without its command-line package.

``import spacy`` imports ``spacy.cli`` for one name, ``spacy.info``, and with it the packages
spaCy's own commands use (weasel, requests, httpx, ...): about a third of spaCy's import
time, some 0.13 s of every run's start-up on the development machines, for commands this tool
never runs. :func:`import_spacy` imports spaCy with ``spacy.cli`` and ``spacy.cli.info`` stood
in for by two empty modules, whose ``info`` imports the real one when it is called, and takes
the stand-ins out again as soon as spaCy is in: ``import spacy.cli`` (or ``python -m spacy``)
later in the process imports the real package as usual. Where spaCy is already imported it
does nothing; where a spaCy release needs more of ``spacy.cli`` to import, it is imported as
it is.
"""
from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

STOOD_IN = ("spacy.cli", "spacy.cli.info")


def import_spacy() -> ModuleType:
    """``spacy``, imported (once per process) without ``spacy.cli``."""
    if "spacy" in sys.modules:
        return sys.modules["spacy"]
    stand_ins = {name: ModuleType(name) for name in STOOD_IN if name not in sys.modules}
    if "spacy.cli.info" in stand_ins:
        stand_ins["spacy.cli.info"].info = info  # type: ignore[attr-defined]
    sys.modules.update(stand_ins)
    try:
        import spacy

        return spacy
    except ImportError:  # a spaCy that needs more of its commands to import: as it is, below
        pass
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    import spacy

    return spacy


def info(*args: Any, **kwargs: Any) -> Any:
    """``spacy.info``: spaCy's own, imported when it is first called."""
    from spacy.cli.info import info as spacy_info

    return spacy_info(*args, **kwargs)
