"""What a new user meets first about dialects: Multi listed, density and explicit probabilities,
ratings shown for what a profile overrides."""
import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from multivalue_cli import Transformer
from multivalue_cli.cli import app
from multivalue_cli.profiles import ProfileError, load_profile
from multivalue_cli.engine.registry import registry

runner = CliRunner()
MY_PROFILE = str(Path(__file__).parent / "fixtures" / "my_profile.yaml")  # the README's


def _json(*args: str):
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def test_dialects_lists_multi_as_the_union_of_the_implemented_features():
    rows = _json("dialects")
    multi = rows[-1]
    assert multi["abbreviation"] == "Multi" and "union" in multi["name"]
    assert multi["implemented"] == len(registry())
    attested = set()
    for row in rows[:-1]:
        attested |= set(load_profile(row["abbreviation"]).features)
    assert multi["attested"] == len(attested)
    table = runner.invoke(app, ["dialects"]).stdout  # wrapped at any width: only the last row
    assert "│ Multi " in table.split("WhZimE")[-1] and "union" in table.split("WhZimE")[-1]


def test_density_scales_what_a_profile_inherits_not_what_it_sets(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: IndE\ndensity: 0.5\nfeatures:\n  uninflect: 1.0\n"
                    "  pleonastic_that: {probability: 0.2}\n")
    profile, inde = load_profile(str(mine)), load_profile("IndE")
    assert profile.features["uninflect"] == 1.0
    assert profile.features["pleonastic_that"] == 0.2
    assert profile.features["regularized_plurals"] == inde.features["regularized_plurals"] * 0.5
    # one level further down, the first profile's choices are inherited, so they are scaled
    child = tmp_path / "child.yaml"
    child.write_text(f"extends: {mine}\ndensity: 0.5\n")
    assert load_profile(str(child)).features["uninflect"] == 0.5
    # the README's profile runs uninflect at the probability it sets
    text = "He speaks English and she likes tea."
    out = Transformer(dialect=MY_PROFILE, seed=0, only=["uninflect"])
    assert out.transform(text) == "He speak English and she like tea."


def test_a_profile_that_extends_none_has_every_probability_scaled(tmp_path):
    alone = tmp_path / "alone.yaml"
    alone.write_text("density: 0.5\nfeatures:\n  uninflect: 0.8\n")
    assert load_profile(str(alone)).features == {"uninflect": 0.4}


def test_dialects_show_keeps_the_rating_of_an_overridden_feature():
    shown = _json("dialects", "show", MY_PROFILE)
    rows = {r["name"]: r for r in shown["features"]}
    assert rows["uninflect"]["rating"] == "C" and rows["uninflect"]["probability"] == 1.0
    assert rows["uninflect"]["overridden"] and not rows["regularized_plurals"]["overridden"]
    assert rows["regularized_plurals"]["rating"] == "A"
    table = runner.invoke(app, ["dialects", "show", MY_PROFILE]).stdout
    line = next(r for r in table.splitlines() if " uninflect " in r)
    assert " C " in line and "1.00 (set)" in line and table.count("(set)") == 1


def test_a_bad_density_is_blamed_on_what_gave_it(tmp_path):
    result = runner.invoke(app, ["apply", "He speaks.", "--dialect", "IndE", "--density", "-1"])
    assert result.exit_code == 2 and "--density" in result.output
    assert "IndE.yaml" not in result.output
    with pytest.raises(ProfileError, match=r"^density: -1 is outside >= 0$"):
        Transformer(dialect="IndE", density=-1)
    bad = tmp_path / "bad.yaml"
    bad.write_text("extends: IndE\ndensity: -2\n")
    with pytest.raises(ProfileError, match=r"bad.yaml: density: -2 is outside >= 0"):
        load_profile(str(bad))


@pytest.mark.parametrize("typed,abbreviation", [
    ("Singlish", "CollSgE"), ("singapore english", "CollSgE"), ("Singapore", "CollSgE"),
    ("Colloquial Singapore English", "CollSgE"), ("Chicano", "ChcE"), ("Hiberno-English", "IrE"),
    ("St Helena English", "StHE"), ("Philippines", "PhilE"), ("Nigeria", "NigE"),
    ("north of England", "North"), ("basilectal FijiE", "CollFijiE"), ("inde", "IndE"),
    ("Indian English", "IndE"), ("multi", "Multi"),
])
def test_common_names_and_aliases_find_their_dialect(typed, abbreviation):
    assert load_profile(typed).abbreviation == abbreviation


@pytest.mark.parametrize("typed,candidates", [
    ("AAVE", {"UAAVE", "RAAVE", "EAAVE"}), ("African American English", {"UAAVE", "RAAVE", "EAAVE"}),
    ("Black English", {"UAAVE", "RAAVE", "EAAVE"}), ("Indian", {"IndE", "InSAfE"}),
    ("Fiji English", {"FijiE", "CollFijiE"}), ("South African", {"BlSAfE", "InSAfE", "WhSAfE"}),
])
def test_a_name_several_dialects_share_lists_them(typed, candidates):
    with pytest.raises(ProfileError, match="fits several dialects; did you mean") as caught:
        load_profile(typed)
    named = set(str(caught.value).split("did you mean ", 1)[1].split("?")[0].split(", "))
    assert {n.split(" (")[0] for n in named} == candidates


def test_a_typo_gets_a_suggestion_and_is_never_taken_for_a_dialect():
    for typed, hint in (("Wlesh", "WelE (Welsh English)"), ("Multii", "Multi"), ("Ind", "IndE (Indian English)")):
        with pytest.raises(ProfileError, match=rf"unknown dialect '{typed}'; did you mean {re.escape(hint)}\?"):
            load_profile(typed)
    result = runner.invoke(app, ["apply", "He speaks.", "--dialect", "Singlish"])
    assert result.exit_code == 0 and result.stdout.strip()
    assert runner.invoke(app, ["apply", "x", "--dialect", "Klingon"]).exit_code == 2
