"""A feature renamed (for_to_pupose -> for_to_purpose): the new name everywhere, the old one still
accepted wherever a user or an earlier run wrote it."""
import json

import pyarrow as pa
import pyarrow.parquet as pq
from typer.testing import CliRunner

from multivalue_cli import Transformer
from multivalue_cli.cli import app
from multivalue_cli.profiles import catalog, load_profile, profile_from_canonical, profile_hash
from multivalue_cli.engine.registry import registry

runner = CliRunner()
OLD, NEW = "for_to_pupose", "for_to_purpose"
TEXT = "I went there to buy milk."


def test_the_new_name_is_the_one_shipped():
    assert NEW in registry() and NEW in catalog() and OLD not in catalog()
    assert load_profile("IrE").features[NEW] == 1.0 and OLD not in load_profile("IrE").features


def test_the_old_name_is_accepted_in_profiles_and_options(tmp_path):
    mine = tmp_path / "mine.yaml"
    mine.write_text(f"extends: IrE\nfeatures:\n  {OLD}: 0.4\n")
    profile = load_profile(str(mine))
    assert profile.features[NEW] == 0.4 and OLD not in profile.features
    assert NEW in profile.overrides
    assert Transformer(features=[OLD]).transform(TEXT) == "I went there for to buy milk."
    assert NEW not in Transformer(dialect="IrE", exclude=[OLD]).profile.features
    result = runner.invoke(app, ["apply", TEXT, "--feature", OLD])
    assert result.exit_code == 0 and result.stdout.strip() == "I went there for to buy milk."


def test_a_manifest_written_with_the_old_name_still_loads():
    features = {OLD: 1.0, "uninflect": 0.3}
    old = {"abbreviation": "x", "name": "x", "features": features, "forms": {},
           "hash": profile_hash(features)}
    profile = profile_from_canonical(old)
    assert profile.features == {NEW: 1.0, "uninflect": 0.3}


def test_verify_accepts_an_edit_log_written_with_the_old_name(tmp_path):
    source = tmp_path / "in.jsonl"
    source.write_text(json.dumps({"text": TEXT, "label": 1}) + "\n")
    out = tmp_path / "out"
    result = runner.invoke(app, ["transform", str(source), "--feature", NEW, "-o", str(out), "-q"])
    assert result.exit_code == 0, result.output
    (log,) = (out / "edits").glob("*.parquet")
    table = pq.read_table(log)
    assert table.column("feature").to_pylist() == [NEW]
    renamed = table.set_column(table.schema.get_field_index("feature"), "feature",
                               pa.array([OLD], table.schema.field("feature").type))
    pq.write_table(renamed, log)
    checked = runner.invoke(app, ["verify", str(source), str(out)])
    assert checked.exit_code == 0, checked.output
