"""`multivalue_cli.reports.terminal`: the tables of the listing commands say what their JSON holds."""
import json

from typer.testing import CliRunner

from multivalue_cli.cli import app
from multivalue_cli.reports.terminal import missing_rules_note, note, show
from multivalue_cli.profiles import resolve_profile

runner = CliRunner()


def _both(*args) -> tuple[str, object]:
    """The command's table and its JSON."""
    table = runner.invoke(app, [*args], env={"COLUMNS": "200"})
    data = runner.invoke(app, [*args, "--json"])
    assert table.exit_code == 0 and data.exit_code == 0, table.output + data.output
    return table.stdout, json.loads(data.stdout)


def test_the_task_tables():
    table, tasks = _both("tasks")
    assert all(name in table and description[:40] in table for name, description in tasks.items())
    text, preset = _both("tasks", "show", "coqa")
    assert text.startswith(f"coqa: {preset['description']}\n")
    assert "  fields rewritten: questions[*].input_text or questions\n" in text


def test_the_error_profile_tables():
    table, rows = _both("errors")
    assert all(row["profile"] in table and f"{100 * row['rate']:.2f}%" in table for row in rows)
    text, info = _both("errors", "show", "B")
    assert text.startswith(info["name"]) and "ERRANT types: share of the edits" in text


def test_the_dialect_and_feature_tables():
    text, shown = _both("dialects", "show", "IndE")
    have = sum(r["implemented"] for r in shown["features"])
    assert f"{shown['name']} (IndE): {len(shown['features'])} features, {have} implemented" in text
    text, compared = _both("dialects", "compare", "IndE", "ChcE")
    assert text.startswith(f"IndE vs ChcE: Manhattan distance {compared['manhattan_distance']} ")
    text, rules = _both("features")
    assert f"{len(rules)} implemented features" in text


def test_show_prints_json_or_the_tables(capsys):
    show({"a": [1]}, True, print)
    show({"a": [1]}, False, lambda data: print("table of", sorted(data)))
    assert capsys.readouterr().out == '{\n  "a": [\n    1\n  ]\n}\ntable of [\'a\']\n'


def test_notes_go_to_stderr_unless_quiet(capsys):
    note("note: one", quiet=True)
    note(None)
    note("note: two")
    assert capsys.readouterr() == ("", "note: two\n")


def test_the_note_on_features_without_a_rule():
    assert missing_rules_note(resolve_profile(None, ["uninflect"])) is None
    profile = resolve_profile("IndE")
    _, missing = profile.split()
    said = missing_rules_note(profile)
    assert said.startswith(f"note: {len(missing)} of the {len(profile.features)} features of IndE ")
