"""The command line's options and errors: choices checked by Click, ``--from-manifest`` refusing
exactly the options given on the command line, one error base caught in one place, and the
messages users see."""
import ast
import builtins
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.errors import EXIT_FAILED, MultivalueError
from multivalue_cli.options import DialectSort
from multivalue_cli.run.spec import RunSpec

ROOT = Path(__file__).resolve().parent.parent
runner = CliRunner()


def _invoke(*args) -> tuple[int, str]:
    result = runner.invoke(app, [str(a) for a in args])
    return result.exit_code, result.output


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Path:
    """A finished run of the bundled sample's first records (seed 0, the default, given)."""
    work = tmp_path_factory.mktemp("manifest")
    code, output = _invoke("transform", "--limit", "60", "-d", "IndE", "--seed", "0", "--errors", "learner",
                           "-o", work / "first", "-q")
    assert code == 0, output
    return work / "first"


# ------------------------------------------------------------------------------ --from-manifest


def test_from_manifest_reproduces_the_run_byte_for_byte(finished, tmp_path):
    code, output = _invoke("transform", "--from-manifest", finished / "manifest.json", "-o", tmp_path / "again", "-q")
    assert code == 0, output
    written = sorted(p.relative_to(finished) for p in finished.rglob("*.*")
                     if p.parent.name in ("data", "edits"))
    assert written and written == sorted(p.relative_to(tmp_path / "again") for p in (tmp_path / "again").rglob("*.*")
                                         if p.parent.name in ("data", "edits"))
    for path in written:
        assert (finished / path).read_bytes() == (tmp_path / "again" / path).read_bytes(), path


@pytest.mark.parametrize("given, named", [
    (["--seed", "0"], "--seed"),  # the default value, but given: refused
    (["--task-protection"], "--task-protection"),
    (["-d", "IndE"], "--dialect"),
    (["--protect-regex", "x", "--density", "1"], "--protect-regex, --density"),
])
def test_from_manifest_refuses_exactly_the_options_given(finished, tmp_path, given, named):
    code, output = _invoke("transform", "--from-manifest", finished / "manifest.json", *given, "-o", tmp_path / "x")
    assert code == 2
    assert output == f"error: --from-manifest takes the run's arguments from the manifest; drop {named}\n"
    assert not (tmp_path / "x").exists()


def test_from_manifest_takes_a_new_format(finished, tmp_path):
    code, output = _invoke("transform", "--from-manifest", finished / "manifest.json", "--format", "jsonl",
                           "-o", tmp_path / "jsonl", "-q")
    assert code == 0, output
    assert list((tmp_path / "jsonl" / "data").glob("*.jsonl"))


def test_the_options_a_manifest_answers_for_come_from_the_spec():
    options = RunSpec.reproducing_options()
    assert {"INPUT", "--field", "--seed", "--protect-file", "--task-protection", "--dialect"} <= set(options)
    assert "--format" not in options and "--on-error" not in options
    assert RunSpec.option_name("protect_fields") == "--protect-field"


def test_a_file_that_is_not_a_manifest_is_refused(tmp_path):
    (tmp_path / "bad.json").write_text("{}")
    code, output = _invoke("transform", "--from-manifest", tmp_path / "bad.json")
    assert code == 2 and output == f"error: {tmp_path / 'bad.json'}: not a multivalue manifest ('run')\n"


# ------------------------------------------------------------------------------ choices


@pytest.mark.parametrize("args, option, choices", [
    (["transform", "--format", "xlsx"], "--format", "'auto', 'parquet', 'jsonl'"),
    (["transform", "--on-error", "ignore"], "--on-error", "'passthrough', 'skip', 'fail'"),
    (["transform", "--engine", "dask"], "--engine", "'local', 'ray'"),
    (["dialects", "--sort", "size"], "--sort", "'abbreviation', 'name', 'region'"),
])
def test_a_bad_choice_is_refused_with_the_choices(args, option, choices):
    code, output = _invoke(*args)
    said = " ".join(output.replace("│", " ").split())  # as one line, whatever the terminal's width
    assert code == 2
    assert f"Invalid value for '{option}'" in said and choices in said


def test_the_dialect_sort_choices_are_the_table_columns():
    from multivalue_cli.reports.coverage import DIALECT_COLUMNS

    assert tuple(c.value for c in DialectSort) == DIALECT_COLUMNS


# ------------------------------------------------------------------------------ errors


def _exception_classes():
    """(path, class name, base names) of every class the package defines on an exception."""
    exceptions = {n for n in dir(builtins) if isinstance(getattr(builtins, n), type)
                  and issubclass(getattr(builtins, n), BaseException)}
    for path in [*(ROOT / "multivalue_cli").rglob("*.py"), *(ROOT / "rules").rglob("*.py")]:
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.ClassDef):
                bases = [b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in node.bases]
                if any(b in exceptions for b in bases):
                    yield path.relative_to(ROOT), node.name, bases


def test_every_project_exception_descends_from_the_one_base():
    found = {name: bases for _, name, bases in _exception_classes()}
    assert found.pop("MultivalueError") == ["Exception"]
    assert found.pop("Interrupted") == ["BaseException"]  # a signal, like KeyboardInterrupt
    assert found and {name for name, bases in found.items() if "MultivalueError" not in bases} == set()


def test_error_classes_carry_their_exit_codes_and_stay_value_errors():
    from multivalue_cli.io.sources import BadRecordError, SourceError
    from multivalue_cli.io.writers import SchemaMismatch
    from multivalue_cli.run.spec import RunError
    from multivalue_cli.learner import ErrorProfileError, UnreachableRate
    from multivalue_cli.profiles import ProfileError
    from multivalue_cli.run.worker import WorkerDied

    assert SourceError("x").code == 2 and BadRecordError("x").code == EXIT_FAILED
    assert SchemaMismatch("x").code == EXIT_FAILED and WorkerDied("x").code == EXIT_FAILED
    assert RunError("x", 1).code == 1 and MultivalueError("x", code=3).code == 3
    for cls in (ProfileError, ErrorProfileError, UnreachableRate):
        assert issubclass(cls, ValueError) and issubclass(cls, MultivalueError)


def test_an_unknown_task_is_a_task_error_with_a_suggestion():
    from multivalue_cli.io.fields import FieldError
    from multivalue_cli.tasks import TaskError, list_tasks, load_task

    with pytest.raises(TaskError) as caught:
        load_task("spyder")
    assert not isinstance(caught.value, FieldError)
    names = ", ".join(list_tasks())
    assert names.startswith("coqa, spider, bbq, wmt, ")
    code, output = _invoke("transform", "--task", "cqoa", "-d", "IndE")
    assert (code, output) == (2, f"error: unknown task 'cqoa'; tasks: {names}. Did you mean 'coqa'?\n")
    code, output = _invoke("tasks", "show", "nosuch")
    assert (code, output) == (2, f"error: unknown task 'nosuch'; tasks: {names}.\n")


@pytest.mark.parametrize("args, message", [
    (["transform"], "say which dialect (--dialect IndE; `multivalue dialects` lists them), --feature NAME, "
                    "or --errors TYPES"),
    (["transform", "-d", "IndE", "--ray-address", "auto"], "--ray-address needs --engine ray"),
    (["transform", "-d", "IndE", "--resume", "--overwrite"], "--resume and --overwrite exclude each other"),
    (["transform", "-d", "IndE", "-o", "-", "--resume"], "--resume needs an output folder, not -o -"),
    (["transform", "-d", "IndE", "--feature", "uninflect"], "give either a dialect or a list of features, not both"),
    (["transform", "-d", "nosuch"], "unknown dialect 'nosuch' (`multivalue dialects` lists them; a path to a "
                                    ".yaml profile also works)"),
    (["apply", "x", "--errors", "det,typo"], "--errors: unknown error type 'typo' (expected det, prep, verb, spell "
                                             "or learner)"),
    (["transform", "--error-level", "Z"], "--error-level: error level: unknown level 'Z' (expected one of A, B, C, "
                                          "N or default)"),
    (["errors", "show", "Z"], "'Z' is neither a level (A, B, C, N), default, nor a YAML error profile"),
    (["review", "import", "nowhere", "j.json", "--write-profile", "p.yaml"],
     "--write-profile needs --min-accuracy (the accuracy a feature needs to stay on)"),
    (["report", "nowhere"], "nowhere is not an output folder of `multivalue transform` (no manifest.json)"),
])
def test_usage_errors_are_said_once_with_exit_2(args, message):
    code, output = _invoke(*args)
    assert (code, output.splitlines()[-1]) == (2, f"error: {message}")


def test_an_unreadable_protect_file_is_named(tmp_path):
    code, output = _invoke("transform", "-d", "IndE", "--protect-file", tmp_path / "none.txt")
    assert (code, output) == (2, f"error: --protect-file {tmp_path / 'none.txt'}: cannot read it (No such file or "
                                 "directory)\n")


# ------------------------------------------------------------------------------ start-up


@pytest.mark.parametrize("args", [["--help"], ["transform", "--help"], ["tasks", "--json"]])
def test_help_and_plain_commands_do_not_load_rich(args):
    probe = ("import sys\nfrom multivalue_cli.cli import app\ntry:\n    app(sys.argv[1:])\n"
             "except SystemExit:\n    pass\nprint('rich' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", probe, *args], capture_output=True, text=True, check=True)
    assert done.stderr.strip().splitlines()[-1] == "False"
