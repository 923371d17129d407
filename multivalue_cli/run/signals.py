"""Ctrl-C and SIGTERM as an exception the run can clean up after (:class:`Interrupted`).

Inside :func:`signals_deferred` a signal is held until the block ends, so a step that must not
stop half-way (a finished shard being recorded in the manifest) completes first."""
from __future__ import annotations

import signal
from collections.abc import Iterator
from contextlib import contextmanager

from .spec import Interrupted

_held: list[int] = []   # signals received inside a deferred block, oldest first
_deferring = False


def install_signal_handlers() -> dict:
    def handler(signum, frame):
        if _deferring:
            _held.append(signum)
            return
        raise Interrupted(signum)

    _held.clear()  # nothing from an earlier run in this process
    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, handler)
    return previous


def restore_signal_handlers(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)


@contextmanager
def signals_deferred() -> Iterator[None]:
    """Hold SIGINT / SIGTERM until the block is done, then raise the first as :class:`Interrupted`."""
    global _deferring
    outer = _deferring
    _deferring = True
    held: list[int] = []
    try:
        yield
    finally:
        if not outer:  # the outermost block owns what was held (dropped if the block failed)
            held = _take_held()
        _deferring = outer
        if not outer:
            held += _take_held()  # one that arrived just before deferring ended
    if held:
        raise Interrupted(held[0])


def _take_held() -> list[int]:
    """Empty the held signals, also of one that arrives meanwhile."""
    taken = []
    while _held:
        taken.append(_held.pop(0))
    return taken
