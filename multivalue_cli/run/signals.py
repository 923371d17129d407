"""Ctrl-C and SIGTERM as an exception the run can clean up after (:class:`Interrupted`)."""
from __future__ import annotations

import signal

from .spec import Interrupted


def install_signal_handlers() -> dict:
    def handler(signum, frame):
        raise Interrupted(signum)

    previous = {}
    for signum in (signal.SIGINT, signal.SIGTERM):
        previous[signum] = signal.signal(signum, handler)
    return previous


def restore_signal_handlers(previous: dict) -> None:
    for signum, handler in previous.items():
        signal.signal(signum, handler)

