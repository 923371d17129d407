"""Importing spaCy without its command-line package.

``import spacy`` imports ``spacy.cli`` for one name, ``spacy.info``, and with it the packages
spaCy's own commands use (weasel, requests, httpx, ...): about a third of spaCy's import
time, some 0.13 s of every run's start-up on the development machines, for commands this tool
never runs. :func:`import_spacy` imports spaCy with ``spacy.cli`` and ``spacy.cli.info`` stood
in for by two empty modules, whose ``info`` imports the real one when it is called, and takes
the stand-ins out again as soon as spaCy is in: ``import spacy.cli`` (or ``python -m spacy``)
later in the process imports the real package as usual. Where spaCy is already imported it
is left as it is; where a spaCy release needs more of ``spacy.cli`` to import, it is imported as
it is.

spaCy's registries (``catalogue``) also look for plugins among the installed packages' entry
points each time a function is looked up: loading a pipeline does so some 125 times (its
serialisation library asks for its hooks on every read), and each time the look-up walks every
entry point of every installed package. :func:`index_entry_points` files them by group once,
as the same entry points: the pipeline loads about 0.03 s sooner. srsly then asks
``catalogue`` for its msgpack decoders on every read, which copies and walks the whole
registry: :func:`memoize_msgpack_decoders` keeps them until the registry changes size (0.015 s
sooner).

Both are for the processes of a run only (:func:`without_commands`, called by
:func:`multivalue_cli.run.tuning.tune_process`); elsewhere :func:`import_spacy` is ``import spacy``.
"""
from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

STOOD_IN = ("spacy.cli", "spacy.cli.info")
_without_commands = False  # see without_commands


def without_commands() -> None:
    """From now on in this process, :func:`import_spacy` leaves out spaCy's commands and
    files ``catalogue``'s entry points by group."""
    global _without_commands
    _without_commands = True


def import_spacy() -> ModuleType:
    """``spacy``: as ``import spacy`` imports it, or, in a process that asked for it
    (:func:`without_commands`), imported (once) without ``spacy.cli``, its registries finding
    entry points by group (:func:`index_entry_points`)."""
    if not _without_commands:
        import spacy

        return spacy
    if "spacy" in sys.modules:
        _quicker_registries()
        return sys.modules["spacy"]
    stand_ins = {name: ModuleType(name) for name in STOOD_IN if name not in sys.modules}
    if "spacy.cli.info" in stand_ins:
        stand_ins["spacy.cli.info"].info = info  # type: ignore[attr-defined]
    sys.modules.update(stand_ins)
    try:
        import spacy

        _quicker_registries()
        return spacy
    except ImportError:  # a spaCy that needs more of its commands to import: as it is, below
        pass
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]
    import spacy

    _quicker_registries()
    return spacy


class GroupedEntryPoints:
    """The entry points ``catalogue`` read when it was imported, filed by group: what its
    ``select(group=...)`` gives, found in a dictionary."""

    def __init__(self, entry_points: Any) -> None:
        self.original = entry_points
        self.by_group = {group: entry_points.select(group=group) for group in entry_points.groups}
        self.groups = entry_points.groups
        self.none = entry_points.select(group="")  # what a group without entry points gives

    def select(self, **params: Any) -> Any:
        if params.keys() == {"group"}:
            return self.by_group.get(params["group"], self.none)
        return self.original.select(**params)


def _quicker_registries() -> None:
    index_entry_points()
    memoize_msgpack_decoders()


def index_entry_points() -> None:
    """Have ``catalogue`` find entry points by group in a dictionary (see the module's text).
    A ``catalogue`` that keeps them otherwise is left as it is."""
    catalogue = sys.modules.get("catalogue")
    found = getattr(catalogue, "AVAILABLE_ENTRY_POINTS", None)
    if found is None or isinstance(found, GroupedEntryPoints):
        return
    if not (hasattr(found, "select") and hasattr(found, "groups")):
        return
    catalogue.AVAILABLE_ENTRY_POINTS = GroupedEntryPoints(found)


class MemoizedDecoders:
    """srsly's msgpack decoders, as its registry's ``get_all()`` gives them, read again only when
    ``catalogue``'s registry has grown or shrunk: srsly asks for them on every msgpack read, and
    each time ``catalogue`` copies and walks its whole registry (about 90 reads and 0.015 s of
    loading the pipeline)."""

    def __init__(self, registry: Any, catalogue: Any) -> None:
        self.registry, self.catalogue = registry, catalogue
        self.original = registry.get_all
        self.size: int | None = None
        self.found: dict[str, Any] = {}

    def __call__(self) -> dict[str, Any]:
        size = len(self.catalogue.REGISTRY)
        if size != self.size:
            self.found, self.size = self.original(), size
        return dict(self.found)


def memoize_msgpack_decoders() -> None:
    """Have srsly find its msgpack decoders without walking ``catalogue``'s registry on every
    read (see :class:`MemoizedDecoders`); once per process."""
    srsly_msgpack = sys.modules.get("srsly.msgpack")
    catalogue = sys.modules.get("catalogue")
    registry = getattr(srsly_msgpack, "msgpack_decoders", None)
    if registry is None or catalogue is None or not hasattr(catalogue, "REGISTRY"):
        return
    if not isinstance(registry.get_all, MemoizedDecoders):
        registry.get_all = MemoizedDecoders(registry, catalogue)


def info(*args: Any, **kwargs: Any) -> Any:
    """``spacy.info``: spaCy's own, imported when it is first called."""
    from spacy.cli.info import info as spacy_info

    return spacy_info(*args, **kwargs)
