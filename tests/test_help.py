"""Help texts: shown as written (no markup eaten), flags without a type, every option explained."""
import typer
from typer.testing import CliRunner

from multivalue_cli.cli import app

runner = CliRunner()


def _commands(command, path=()):
    yield path, command
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from _commands(sub, (*path, name))


def _help(*path: str) -> str:
    result = runner.invoke(app, [*path, "--help"], terminal_width=250)  # one line per option
    assert result.exit_code == 0, result.output
    return result.output


def test_square_brackets_in_help_texts_are_shown():
    text = _help("transform")
    assert "pip install 'multivalue[ray]'" in text
    assert "[start, end] spans" in text
    assert "questions[*].input_text" in text


def test_no_command_shows_a_type_beside_a_flag():
    for path, _ in _commands(typer.main.get_command(app)):
        text = _help(*path)
        assert "<bool>" not in text, path
        assert "Show this message and exit." in text


def test_every_option_and_argument_has_a_help_text():
    missing = [(path, param.name) for path, command in _commands(typer.main.get_command(app))
               for param in command.params if not getattr(param, "help", None)]
    assert not missing


def test_apply_options_are_explained():
    text = _help("apply")
    for line in ("--dialect", "--seed", "--only", "--exclude", "--density"):
        row = next(r for r in text.splitlines() if f" {line} " in r)
        assert len(row.split(line, 1)[1].strip(" │")) > 20, row


def test_a_group_lists_each_command_summary_whole():
    for path in ((), ("review",)):
        result = runner.invoke(app, [*path, "--help"], terminal_width=80)
        assert result.exit_code == 0, result.output
        assert "..." not in result.output.split("Commands:")[1], path
    summary = " ".join(_help_at_width(80).split())
    assert "write data shards, an edit log and a manifest." in summary


def _help_at_width(width: int) -> str:
    return runner.invoke(app, ["--help"], terminal_width=width).output
