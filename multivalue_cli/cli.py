"""The ``multivalue`` command line (Typer): it parses the options and hands off to the modules
that do the work; what it prints beyond a line or two comes from :mod:`.reports.terminal`.

A :class:`~.errors.MultivalueError` raised anywhere under a command ends it with
``error: <message>`` and the error's exit code (:class:`_Commands`)."""
from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__
from .errors import MultivalueError
from .options import (
    AsJson, ChangedOnly, CommandGroup, Density, Dialect, DialectColumn, Dialects, DialectSort, Engine, ErrorLevel,
    ErrorRate, Errors, Exclude, Features, IncludeUnmeasured, MinAccuracy, Mix, Model, OnError, Only, OutputFormat,
    Seed, VariantColumn, Variants, chosen_profile, error_types, learner_rate, refuse_exclusive_options,
    requested_run,
)
from .reports.terminal import note, profile_notes, show
from .reports.gec_command import export_command
from .review.commands import review_app


class _Commands(CommandGroup):
    """The command tree; a project error raised under any command ends it here, the one place,
    with ``error: <message>`` and the error's exit code."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except MultivalueError as exc:
            typer.echo(f"error: {exc}", err=True)
            raise typer.Exit(exc.code) from None


# Click's own help (rich_markup_mode=None): the help texts are shown as written (Rich would read
# '[ray]' in 'multivalue[ray]' or '[start, end]' as markup and drop it) and Rich is not loaded.
app = typer.Typer(
    cls=_Commands,
    rich_markup_mode=None,
    add_completion=True,
    no_args_is_help=True,
    help="Rewrite the user-typed text of NLP datasets into varieties of English (eWAVE), keeping labels intact.",
    epilog="Exit codes: 0 done; 1 failed; 2 bad arguments or input; 3 done but some records not "
    "transformed (errors.jsonl); 130/143 interrupted (continue with --resume).",
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.command()
def transform(
    ctx: typer.Context,
    input: Optional[str] = typer.Argument(
        None, help="JSONL(.gz) file, '-' for JSONL on stdin, JSON, CSV or TSV(.gz) file, Parquet file/folder, save_to_disk folder, or hf:owner/name. Default: the bundled sample."
    ),
    dialect: Dialects = [],
    feature: Features = [],
    field: List[str] = typer.Option([], "--field", "-f", help="Field path to rewrite, e.g. question, questions[*].input_text (repeatable)."),
    task: Optional[str] = typer.Option(None, "--task", help="Task preset: its fields, protection, features left out (`multivalue tasks` lists them; `multivalue tasks show NAME`)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Output folder (default ./multivalue_out/<dialect>/), or '-' for JSONL on stdout."),
    seed: Seed = 0,
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes, or Ray actors with --engine ray (each loads spaCy once)."),
    engine: Engine = typer.Option(Engine.local, "--engine", help="local (worker processes on this machine) or ray (Ray actors; pip install 'multivalue[ray]'). Same output either way."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="With --engine ray: ray://HEAD:10001 or auto (default: a private Ray instance on this machine)."),
    ray_cpus_per_actor: float = typer.Option(1.0, "--ray-cpus-per-actor", min=0.01, help="With --engine ray: CPUs reserved per actor."),
    batch_size: int = typer.Option(256, "--batch-size", min=1, help="Texts per batch sent to a worker."),
    worker_timeout: float = typer.Option(600, "--worker-timeout", min=0, help="Seconds a worker process or Ray actor may go without finishing a batch before it is replaced and its batch run again (3 times at most); 0: no limit."),
    cache_size: int = typer.Option(2000, "--cache-size", min=0, help="Parsed texts each worker keeps for texts that come back (templated benchmarks), at most 400,000 characters of them; the output is the same with any size."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Keep no parsed texts (--cache-size 0)."),
    split: Optional[str] = typer.Option(None, "--split", help="Split to read (hub / save_to_disk inputs) and name of the output shards (default: the one a file's name says, train, dev/validation or test; else train)."),
    config: Optional[str] = typer.Option(None, "--config", help="Hub dataset configuration."),
    limit: Optional[int] = typer.Option(None, "--limit", min=0, help="Stop after N records."),
    keep_original: bool = typer.Option(False, "--keep-original", help="Copy each column a --field path starts in, as the input had it, to <column>_original (refused if the input has that column)."),
    log: Optional[Path] = typer.Option(None, "--log", help="Edit log file with -o - (.parquet or .jsonl)."),
    no_log: bool = typer.Option(False, "--no-log", help="Do not write the edit log (with -o -)."),
    shard_size: int = typer.Option(10_000, "--shard-size", min=1, help="Input rows per output shard (a cluster's unit of work)."),
    max_line_mb: int = typer.Option(64, "--max-line-mb", min=1, help="A JSON line longer than this (MB) is listed in errors.jsonl, not read."),
    output_format: OutputFormat = typer.Option(OutputFormat.auto, "--format", help="Shard format: auto (Parquet unless the records cannot be typed by Arrow), parquet, jsonl, csv (for pandas; values it cannot hold exactly are refused); conll (--task ner): CoNLL files too, in OUT/conll/ (with -o -: CoNLL on stdout)."),
    on_error: OnError = typer.Option(OnError.passthrough, "--on-error", help="A record that cannot be transformed: passthrough (write it unchanged), skip, or fail (stop)."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the output of an earlier run in the output folder."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in the output folder (same arguments)."),
    from_manifest: Optional[Path] = typer.Option(None, "--from-manifest", help="Reproduce the run described by a manifest.json (input, fields, profile, seed)."),
    errors: Errors = None,
    error_rate: ErrorRate = None,
    error_profile: Optional[str] = typer.Option(None, "--error-profile", help="YAML error profile (operation and type shares); default: learner-corpus shares."),
    error_level: ErrorLevel = None,
    protect_field: List[str] = typer.Option([], "--protect-field", help="Field path (as --field) whose strings or [start, end] spans no rule or error may touch in the texts (repeatable)."),
    protect_regex: List[str] = typer.Option([], "--protect-regex", help="Regular expression whose matches no rule or error may touch (repeatable)."),
    protect_file: List[Path] = typer.Option([], "--protect-file", help="File of terms (one per line) no rule or error may touch (repeatable)."),
    protect_quotes: Optional[bool] = typer.Option(None, "--protect-quotes/--no-protect-quotes", help="Keep quoted spans verbatim (default: as the task preset says, else off)."),
    task_protection: bool = typer.Option(True, "--task-protection/--no-task-protection", help="Apply the task preset's protection and features left out (on by default)."),
    token_labels: Optional[Path] = typer.Option(None, "--token-labels", help="With --task ner: YAML naming the class ids of a label list and the label of a new token (FIELD: {names: [...], fill: LABEL})."),
    pair_key: Optional[str] = typer.Option(None, "--pair-key", help="Field shared by the consecutive records of a counterfactual pair: they get the same edits where they align, none where they differ."),
    span: List[str] = typer.Option([], "--span", help="Offsets into a rewritten text, kept on their span: 'text=context,start=answers.answer_start,span=answers.text' (end=PATH optional; repeatable)."),
    key_by_text: List[str] = typer.Option([], "--key-by-text", help="A rewritten field whose text recurs across rows (a shared context): rewrite it alike wherever it occurs (repeatable; on in squad, coqa, bbq)."),
    only: Only = [], exclude: Exclude = [], density: Density = None,
    min_accuracy: MinAccuracy = None, include_unmeasured: IncludeUnmeasured = False,
    model: Model = None,
    mix: Mix = False, variants: Variants = 1, changed_only: ChangedOnly = False,
    dialect_column: DialectColumn = "dialect", variant_column: VariantColumn = "variant",
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress or notes on stderr."),
) -> None:
    """Transform the chosen text fields of a dataset; write data shards, an edit log and a manifest.

    Exit codes: 0 done; 3 done, but some records were not transformed (listed in errors.jsonl);
    1 the run failed; 2 bad arguments or input; 130/143 interrupted (resume with --resume).
    """
    from .run.job import execute
    from .run.spec import RunOptions

    refuse_exclusive_options(ctx)
    spec, profile, notes = requested_run(ctx)
    to_stdout = output == "-"
    unlogged = to_stdout and log is None and not no_log
    for line in ["note: no edit log is written with -o - unless you pass --log FILE" if unlogged else None,
                 *notes, profile_notes(profile)]:
        note(line, quiet)
    opts = RunOptions(
        out=None if to_stdout else Path(output or f"multivalue_out/{spec.output_name(profile)}"),
        log=log, no_log=no_log or (to_stdout and log is None), workers=workers,
        batch_size=batch_size, engine=engine.value, ray_address=ray_address,
        ray_cpus_per_actor=ray_cpus_per_actor, overwrite=overwrite, resume=resume, quiet=quiet, argv=sys.argv[1:],
        cache_size=0 if no_cache else cache_size, worker_timeout=worker_timeout,
    )
    from .run.progress import progress_display

    try:
        with progress_display(quiet) as progress:  # messages go through it, each on its own line
            code = execute(spec, profile, opts, note=(lambda m: None) if quiet else progress.echo,
                           warn=progress.echo, progress=progress)
    except KeyboardInterrupt:  # before the run's own handler was in place: nothing was written
        typer.echo("interrupted", err=True)
        raise typer.Exit(130) from None
    except BrokenPipeError:  # -o - | head: the reader has what it wanted
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())  # no flush error at exit
        raise typer.Exit(141) from None
    raise typer.Exit(code)


@app.command()
def apply(
    text: Optional[str] = typer.Argument(None, help="Text to transform; omit or '-' to read one text per stdin line."),
    dialect: Dialect = None,
    feature: Features = [],
    seed: Seed = 0,
    as_json: AsJson = False,
    explain: bool = typer.Option(False, "--explain", help="Show each edit highlighted, a table of edits, and the features that did not fire and why."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="With --explain: also list the features that found no site (else only their count)."),
    errors: Errors = None,
    error_rate: ErrorRate = None,
    error_level: ErrorLevel = None,
    protect: List[str] = typer.Option([], "--protect", help="A term no rule or error may touch (repeatable)."),
    only: Only = [],
    exclude: Exclude = [],
    density: Density = None,
    min_accuracy: MinAccuracy = None,
    include_unmeasured: IncludeUnmeasured = False,
    model: Model = None,
) -> None:
    """Transform one text (or one text per stdin line) and print the result."""
    from .transformer import Transformer

    errors = errors or ("learner" if error_level else None)
    profile = chosen_profile(dialect, feature, only, exclude, density, errors, min_accuracy, include_unmeasured)
    note(profile_notes(profile) if min_accuracy is not None else None)
    types = error_types(errors)
    rate = learner_rate(error_rate, None, error_level) if types else None
    transformer = Transformer(dialect=profile, seed=seed, model=model, errors=types or None,
                              error_rate=rate, error_level=error_level, protect=protect)
    texts = [text] if text not in (None, "-") else [line.rstrip("\n") for line in sys.stdin]
    if explain:
        from .reports.terminal import print_explanation

        for original in texts:
            print_explanation(transformer, original, verbose)
        return
    for original, result in zip(texts, transformer.explain_many(texts)):
        if as_json:
            typer.echo(json.dumps(
                {"text": original, "output": result.text,
                 "edits": [e.as_dict() for e in result.edits]}, ensure_ascii=False))
        else:
            typer.echo(result.text)


dialects_app = typer.Typer(cls=CommandGroup, help="The dialect profiles: list, show one, compare two.", no_args_is_help=False)
app.add_typer(dialects_app, name="dialects")


@dialects_app.callback(invoke_without_command=True)
def dialects(
    ctx: typer.Context,
    as_json: AsJson = False,
    sort: DialectSort = typer.Option(DialectSort.abbreviation, "--sort", help="The column to sort by."),
    descending: bool = typer.Option(False, "--desc", help="Sort in descending order."),
) -> None:
    """List the dialect profiles and how many of their attested features have rules."""
    if ctx.invoked_subcommand:
        return
    from .reports.coverage import dialect_rows
    from .reports.terminal import print_dialects

    rows = dialect_rows()  # the bundled dialects, then Multi (their union), which stays last
    rows = sorted(rows[:-1], key=lambda r: r[sort.value], reverse=descending) + rows[-1:]
    show(rows, as_json, print_dialects)


@dialects_app.command("show")
def dialects_show(
    dialect: str = typer.Argument(..., help="Abbreviation, name, Multi, or a YAML profile."),
    as_json: AsJson = False,
) -> None:
    """Every attested feature of a dialect: rating, probability, implemented, category."""
    from .reports.coverage import feature_rows
    from .reports.terminal import print_dialect

    profile = chosen_profile(dialect, [])
    shown = {"abbreviation": profile.abbreviation, "name": profile.name, "features": feature_rows(profile)}
    show(shown, as_json, print_dialect)


@dialects_app.command("compare")
def dialects_compare(
    first: str = typer.Argument(..., help="A dialect."),
    second: str = typer.Argument(..., help="Another dialect."),
    as_json: AsJson = False,
) -> None:
    """Features two dialects share and differ on, and the distance between their profiles."""
    from .reports.coverage import compare
    from .reports.terminal import print_comparison

    result = compare(chosen_profile(first, []), chosen_profile(second, []))
    show(result, as_json, print_comparison)


errors_app = typer.Typer(cls=CommandGroup, help="The learner-error profiles: list the levels, show one.", no_args_is_help=False)
app.add_typer(errors_app, name="errors")


@errors_app.callback(invoke_without_command=True)
def errors_list(ctx: typer.Context, as_json: AsJson = False) -> None:
    """List the bundled learner-error profiles (--error-level) with their rates and type mix."""
    if ctx.invoked_subcommand:
        return
    from .learner.describe import overview
    from .reports.terminal import print_error_levels

    show(overview(), as_json, print_error_levels)


@errors_app.command("show")
def errors_show(
    name: str = typer.Argument(..., help="A level (A, B, C, N), default, or a YAML error profile."),
    as_json: AsJson = False,
) -> None:
    """The shares of every ERRANT type, the corpus's commonest confusions, and what the
    injector draws for the words learners get wrong most."""
    from .learner.describe import describe, resolve
    from .reports.terminal import print_error_profile

    show(describe(resolve(name)), as_json, print_error_profile)


tasks_app = typer.Typer(cls=CommandGroup, help="The task presets: list, show one.", no_args_is_help=False)
app.add_typer(tasks_app, name="tasks")


@tasks_app.callback(invoke_without_command=True)
def tasks(ctx: typer.Context, as_json: AsJson = False) -> None:
    """List the task presets (--task NAME)."""
    if ctx.invoked_subcommand:
        return
    from .reports.terminal import print_tasks
    from .tasks import list_tasks

    show(list_tasks(), as_json, print_tasks)


@tasks_app.command("show")
def tasks_show(
    name: str = typer.Argument(..., help="A task preset."),
    as_json: AsJson = False,
) -> None:
    """What a preset rewrites, what it keeps verbatim, which features it leaves out, and which
    derived fields it rebuilds."""
    from .reports.terminal import print_task
    from .tasks import load_task

    show(load_task(name).as_dict(), as_json, print_task)


@app.command()
def features(as_json: AsJson = False) -> None:
    """List the registered rules: eWAVE number, name, category and an example."""
    from .engine.registry import registry
    from .reports.terminal import print_features

    rules = sorted(registry().values(), key=lambda rule: (rule.ewave, rule.name))
    show([{"ewave": r.ewave, "name": r.name, "category": r.category, "description": r.doc,
           "examples": [{"input": e.text, "accepted": list(e.accepted)} for e in r.examples],
           "negatives": list(r.negatives)} for r in rules], as_json, print_features)


@app.command()
def report(
    output: Path = typer.Argument(..., help="The output folder of a finished `multivalue transform` run."),
    top: int = typer.Option(20, "--top", min=1, help="Features to list (most frequent first)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write a self-contained HTML page (tables, charts, examples)."),
    examples: int = typer.Option(20, "--examples", min=0, help="Before/after examples on the HTML page."),
    seed: int = typer.Option(0, "--seed", help="Seed for drawing the examples."),
    as_json: AsJson = False,
) -> None:
    """Summarise a finished run: texts changed per field, edits per feature and category,
    edits per text, errors (and learner-error rates when used)."""
    from rich.console import Console

    from .reports.examples import pick_examples
    from .reports.report import print_report, summarise
    from .reports.report_html import write_html

    summary = summarise(output)
    chosen = pick_examples(output, examples, seed=seed) if html is not None else []
    show(summary, as_json, lambda data: print_report(data, Console(), top=top))
    if html is not None:
        write_html(summary, html, chosen, top=top)
        note(f"wrote {html}")


@app.command("verify")
def verify_output(
    input: Optional[str] = typer.Argument(..., help="The input the run read ('sample' for the bundled sample)."),
    output: Path = typer.Argument(..., help="The run's output folder."),
) -> None:
    """Check an output folder against its input: labels unchanged, order kept, and the edit log
    reproduces every rewritten text. Exit 0 only if all hold."""
    from .reports.verify import verify

    result = verify(None if input == "sample" else input, output)
    for problem in result.problems:
        typer.echo(f"problem: {problem}", err=True)
    verdict = "ok" if result.ok else "FAILED"
    typer.echo(f"{verdict}: {result.checked} records and {result.texts} texts checked, "
               f"{len(result.problems)} problem(s)")
    raise typer.Exit(0 if result.ok else 1)


app.add_typer(review_app, name="review")
app.command("export")(export_command)


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
    import os

    from .run.tuning import tune_process

    tune_process()  # before numpy is imported anywhere
    import signal

    from .run import collector

    try:
        from .reports.terminal import NotesStream

        sys.stderr = NotesStream(sys.stderr)  # a reader of stderr that goes away does not end a run
        app()
    except KeyboardInterrupt:  # between the run's own handlers: nothing was half-written
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        typer.echo("interrupted", err=True)
        sys.exit(130)
    except SystemExit:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the work is done: a late Ctrl-C must not kill the exit
        raise
    except Exception as exc:  # a bug: one line, not a traceback (MULTIVALUE_DEBUG=1 shows it)
        if os.environ.get("MULTIVALUE_DEBUG"):
            raise
        typer.echo(f"error: unexpected {type(exc).__name__}: {exc} (this is a bug in multivalue; "
                   "rerun with MULTIVALUE_DEBUG=1 to see where it happened)", err=True)
        sys.exit(1)
    finally:
        collector.freeze_all()  # the process ends now: the collection at exit has nothing to walk
