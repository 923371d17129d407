"""How a run shows its progress on stderr: a bar with a total and an ETA when the input's length
is known, a spinner otherwise, or nothing (``--quiet``, or stderr is not a terminal).

While a bar or spinner is on screen, every message goes through it (:meth:`RunProgress.echo`),
so the message gets a line of its own and the display is redrawn below it.
"""
from __future__ import annotations

import sys
import time
from typing import Callable

import typer


class RunProgress:
    """What a run reports as it goes; this one shows nothing and prints messages plainly."""

    def __enter__(self) -> "RunProgress":
        return self

    def __exit__(self, *exc) -> None:
        return None

    def start(self, count: Callable[[], int | None], done: int = 0) -> None:
        """The run begins at input row ``done``; ``count()`` gives the number of input rows when
        it is known (it may read the input once, so only a display that shows it calls it)."""

    def advance(self, n: int) -> None:
        """``n`` more records are done."""

    def echo(self, message: str) -> None:
        """Print a message on stderr, on a line of its own."""
        typer.echo(message, err=True)


class RichProgress(RunProgress):
    """A Rich progress display on stderr: records done of the total, records/s, time elapsed and
    remaining, as a bar when the total is known, else a spinner with the count."""

    def __init__(self, console=None) -> None:
        from rich.console import Console

        self._console = console or Console(stderr=True)
        self._progress = None
        self._task = None
        self._done_at_start = 0
        self._started = time.monotonic()

    def __exit__(self, *exc) -> None:
        if self._progress is not None:
            self._progress.stop()

    def start(self, count: Callable[[], int | None], done: int = 0) -> None:
        from rich.progress import (
            BarColumn, MofNCompleteColumn, Progress, SpinnerColumn, TextColumn,
            TimeElapsedColumn, TimeRemainingColumn,
        )

        total = count()
        rate = TextColumn("{task.fields[rate]} records/s")
        if total is None:
            columns = [SpinnerColumn(), TextColumn("{task.completed:,} records"), rate,
                       TimeElapsedColumn()]
        else:
            columns = [BarColumn(), MofNCompleteColumn(), TextColumn("records"), rate,
                       TimeElapsedColumn(), TextColumn("eta"), TimeRemainingColumn()]
        self._progress = Progress(*columns, console=self._console, transient=True)
        self._progress.start()
        self._task = self._progress.add_task("transform", total=total, completed=done, rate="-")
        self._done_at_start = done
        self._started = time.monotonic()

    def advance(self, n: int) -> None:
        if self._progress is None:
            return
        task = self._progress.tasks[0]
        rate = (task.completed + n - self._done_at_start) / max(time.monotonic() - self._started, 1e-6)
        self._progress.update(self._task, advance=n, rate=f"{rate:,.0f}")

    def echo(self, message: str) -> None:
        if self._progress is None:
            super().echo(message)
            return
        self._progress.console.print(message, markup=False, highlight=False, soft_wrap=True)


def progress_display(quiet: bool) -> RunProgress:
    """A Rich display when stderr is a terminal and ``--quiet`` is not given."""
    return RichProgress() if sys.stderr.isatty() and not quiet else RunProgress()
