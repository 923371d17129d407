"""Helpers of the tests that run the command line and read what a run wrote."""
import json
from pathlib import Path

from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.reports.run_folder import shard_rows


def cli(*args, code=0):
    """Run ``multivalue ARGS`` in this process; check its exit code."""
    result = CliRunner().invoke(app, [*map(str, args)])
    assert result.exit_code == code, result.output
    return result


def lines(path: Path) -> list[dict]:
    """The records of a JSON-lines file."""
    return [json.loads(line) for line in Path(path).read_text().splitlines()]


def written(out: Path, kind: str = "data") -> list[dict]:
    """The rows of an output folder's data (or ``edits``) shards, in order."""
    manifest = json.loads((Path(out) / "manifest.json").read_text())
    return [row for _, _, row in shard_rows(out, manifest["outputs"][kind])]
