"""The errors of multivalue and the exit codes of the command line.

Every exception the package raises for a problem a user can fix descends from
:class:`MultivalueError`, which carries the exit code the command line ends with; the command
line catches it in one place and prints ``error: <message>``. A class that was a
:class:`ValueError` keeps it as a second base, so ``except ValueError`` in library code still
works."""
from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator

EXIT_OK = 0
EXIT_FAILED = 1  # the run could not go on (I/O error, disk full, --on-error fail)
EXIT_USAGE = 2  # bad arguments, unknown dialect or field, unreadable input
EXIT_INCOMPLETE = 3  # finished, but some records were not transformed (see errors.jsonl)
EXIT_SIGINT = 130
EXIT_SIGTERM = 143


class MultivalueError(Exception):
    """A problem the message explains; ``code`` is the exit code of the command line.

    A subclass sets its own default in its class line (``class X(MultivalueError,
    code=EXIT_FAILED)``); one instance can override it (``X(message, code=...)``)."""

    code: int = EXIT_USAGE

    def __init_subclass__(cls, code: int | None = None, **kwargs) -> None:
        super().__init_subclass__(**kwargs)
        if code is not None:
            cls.code = code

    def __init__(self, *args: object, code: int | None = None) -> None:
        super().__init__(*args)
        if code is not None:
            self.code = code


class UsageError(MultivalueError):
    """Options that cannot be used as given (exit 2)."""


@contextmanager
def usage_errors(prefix: str = "") -> Iterator[None]:
    """Library functions refuse a bad argument with :class:`ValueError`; on the command line it
    is a usage error, said after ``prefix`` (the option it came from)."""
    try:
        yield
    except ValueError as exc:
        raise UsageError(f"{prefix}{exc}") from None
