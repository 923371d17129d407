"""Profiles: generation from eWAVE is reproducible; loading, look-up and validation."""
import filecmp
import subprocess
import sys
from pathlib import Path

import pytest

from multivalue_cli.profiles import (
    ProfileError, bundled_profiles, catalog, load_profile, profile_from_features,
)

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"


@pytest.mark.skipif(not (SHARED / "ewave").is_dir(), reason="the eWAVE tables are not beside the repo")
def test_regenerating_the_profiles_gives_identical_files(tmp_path):
    subprocess.run([sys.executable, ROOT / "scripts" / "make_profiles.py", "--shared", SHARED,
                    "--root", tmp_path], check=True, capture_output=True)
    generated = sorted(p.name for p in (tmp_path / "dialects").glob("*.yaml"))
    committed = sorted(p.name for p in (ROOT / "dialects").glob("*.yaml"))
    assert generated == committed and len(generated) == 50
    _, mismatch, errors = filecmp.cmpfiles(tmp_path / "dialects", ROOT / "dialects", generated, shallow=False)
    assert not mismatch and not errors
    assert filecmp.cmp(tmp_path / "multivalue_cli/data/features.tsv",
                       ROOT / "multivalue_cli/data/features.tsv", shallow=False)


def test_ratings_map_to_probabilities():
    inde = load_profile("IndE")
    assert inde.features["uninflect"] == 0.3  # rated C for Indian English in eWAVE
    assert inde.features["regularized_plurals"] == 1.0  # A
    assert inde.features["pleonastic_that"] == 0.6  # B
    assert set(inde.features.values()) <= {0.3, 0.6, 1.0}


def test_look_up_by_abbreviation_name_and_path(tmp_path):
    assert load_profile("inde").abbreviation == "IndE"
    assert load_profile("Chicano English").abbreviation == "ChcE"
    mine = tmp_path / "mine.yaml"
    mine.write_text("extends: ChcE\ndensity: 0.5\nfeatures:\n  uninflect: 1.0\n  dont: off\n")
    profile = load_profile(str(mine))
    assert profile.features["uninflect"] == 0.5
    assert "dont" not in profile.features
    assert profile.features["negative_concord"] == 0.5  # A (1.0) x density


def test_all_fifty_profiles_are_shipped_with_their_citation():
    profiles = bundled_profiles()
    assert len(profiles) == 50
    for abbr in profiles:
        profile = load_profile(abbr)
        assert "Kortmann" in profile.meta["citation"] and profile.meta["license"] == "CC-BY-3.0"


@pytest.mark.parametrize(
    "yaml_text,message",
    [
        ("features:\n  uninflekt: 1.0\n", "did you mean uninflect"),
        ("features:\n  uninflect: 1.5\n", "outside [0, 1]"),
        ("features:\n  uninflect: lots\n", "expected a number"),
        ("colour: red\n", "unknown key 'colour'"),
        ("extends: Klingon\n", "unknown dialect"),
        ("features: [a, b]\n", "must be a mapping"),
        ("features: {uninflect: 1\n", "not valid YAML"),
    ],
)
def test_validation_errors_name_the_file_and_the_key(tmp_path, yaml_text, message):
    path = tmp_path / "bad.yaml"
    path.write_text(yaml_text)
    with pytest.raises(ProfileError) as err:
        load_profile(str(path))
    assert message in str(err.value)
    assert "bad.yaml" in str(err.value)


def test_extends_loop_is_an_error(tmp_path):
    (tmp_path / "a.yaml").write_text(f"extends: {tmp_path / 'b.yaml'}\n")
    (tmp_path / "b.yaml").write_text(f"extends: {tmp_path / 'a.yaml'}\n")
    with pytest.raises(ProfileError, match="loops"):
        load_profile(str(tmp_path / "a.yaml"))


def test_features_by_name_or_number():
    assert profile_from_features(["uninflect", 170]).features == {"uninflect": 1.0}
    assert profile_from_features({"uninflect": 0.5}).features == {"uninflect": 0.5}
    with pytest.raises(ProfileError, match="eWAVE number 9999"):
        profile_from_features([9999])


def test_features_without_rules_are_reported_not_dropped():
    profile = load_profile("IndE")
    rules, missing = profile.split()
    assert {r.name for r, _ in rules} | set(missing) == {n for n, p in profile.features.items() if p > 0}
    assert all(name in catalog() for name in missing)


def test_multi_holds_every_rule_at_probability_one():
    from multivalue_cli.registry import registry

    multi = load_profile("Multi")
    assert multi.features == {name: 1.0 for name in registry()}
