"""``multivalue export``: a learner-error run as grammatical-error-correction data; the command
parses its options and hands off to :mod:`.gec`."""
from __future__ import annotations

from enum import Enum
from pathlib import Path
from typing import List, Optional

import typer

from ..options import AsJson
from .terminal import show


class ExportFormat(str, Enum):
    m2 = "m2"
    parallel = "parallel"


def export_command(
    run: Path = typer.Argument(..., help="The output folder of a finished `multivalue transform` run with learner errors."),
    export_format: ExportFormat = typer.Option(..., "--format", help="m2 (edits.m2: ERRANT's M2, with the edit log's ERRANT types) or parallel (source.txt with the errors, target.txt without)."),
    output: Optional[Path] = typer.Option(None, "--output", "-o", help="Folder to write the files into (default: RUN/gec)."),
    field: List[str] = typer.Option([], "--field", "-f", help="Only texts of this field of the run (repeatable; default: all, in the run's order)."),
    as_json: AsJson = False,
) -> None:
    """Export a learner-error run for grammatical error correction: one pair per rewritten text,
    in input order, the text with its learner errors and without them (the dialect's output,
    when the run had a dialect too)."""
    from .gec import export_gec

    result = export_gec(run, export_format.value, output, field)
    show(result, as_json, lambda r: typer.echo(
        f"wrote {', '.join(r['files'])}: {r['texts']} texts, {r['corrections']} corrections"))
