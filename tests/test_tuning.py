"""What a process of a run sets up for speed (multivalue_cli/run/tuning.py) is set up by the
command line and the workers only: a library caller's process is left as a plain ``import
spacy`` leaves it. Each case runs in a fresh process, since the settings last a process."""
import json
import subprocess
import sys

import pytest

OBSERVE = """
import gc, json, os, sys
meta_path, thresholds, environment = list(sys.meta_path), gc.get_threshold(), dict(os.environ)
{work}
import catalogue
from lemminflect.core.Inflections import Inflections
from multivalue_cli.engine.lexicon import LazyTable
entry_points = type(catalogue.AVAILABLE_ENTRY_POINTS)
import srsly.msgpack
decoders = type(srsly.msgpack.msgpack_decoders.get_all).__name__
print(json.dumps({{
    "meta_path_kept": sys.meta_path == meta_path,
    "thresholds": gc.get_threshold(),
    "thresholds_kept": gc.get_threshold() == thresholds,
    "frozen": gc.get_freeze_count() > 0,
    "environment_kept": os.environ == environment,
    "entry_points": entry_points.__module__ + "." + entry_points.__qualname__,
    "decoders": decoders,
    "spacy_commands": "spacy.cli" in sys.modules,
    "stand_ins": sorted(n for n, m in sys.modules.items() if n.startswith("spacy") and m.__spec__ is None),
    "lazy_tables": isinstance(getattr(Inflections(), "infl_dict", None), LazyTable),
    "output": {output},
}}))
"""
LIBRARY = """
from multivalue_cli import Transformer
output = Transformer(dialect="IndE").transform("He is going to school.")
"""
PLAIN_SPACY = """
import spacy
output = None
"""
TUNED = "from multivalue_cli.run.tuning import tune_process\ntune_process()\n" + LIBRARY


def _observe(work: str) -> dict:
    script = OBSERVE.format(work=work, output="output")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.fixture(scope="module")
def plain():
    return _observe(PLAIN_SPACY)


def test_the_library_leaves_the_process_as_a_plain_import_of_spacy_does(plain):
    library = _observe(LIBRARY)
    assert isinstance(library["output"], str)
    for key in ("meta_path_kept", "thresholds_kept", "environment_kept", "entry_points", "decoders",
                "spacy_commands", "stand_ins", "frozen", "lazy_tables"):
        assert library[key] == plain[key], key
    assert plain["meta_path_kept"] and plain["thresholds_kept"] and plain["environment_kept"]
    assert plain["spacy_commands"] and plain["stand_ins"] == [] and not plain["frozen"]


def test_a_tuned_process_has_every_setting_and_the_same_output(plain):
    from multivalue_cli.run.collector import THRESHOLDS

    tuned, library = _observe(TUNED), _observe(LIBRARY)
    assert tuned["output"] == library["output"]
    assert tuned["thresholds"] == list(THRESHOLDS) and not tuned["environment_kept"]
    assert tuned["entry_points"] == "multivalue_cli.engine.spacy_import.GroupedEntryPoints"
    assert tuned["decoders"] == "MemoizedDecoders" and plain["decoders"] != "MemoizedDecoders"
    assert not tuned["spacy_commands"] and tuned["stand_ins"] == [] and tuned["lazy_tables"]
    assert tuned["meta_path_kept"]  # the pandas probe's finder is in place only while it probes


def test_the_command_line_and_the_workers_tune_their_processes(monkeypatch):
    from multivalue_cli import cli
    from multivalue_cli.run import collector, tuning, worker
    from multivalue_cli.profiles import resolve_profile
    from multivalue_cli.run.worker import JobConfig

    called = []
    monkeypatch.setattr(tuning, "tune_process", lambda: called.append("tuned"))
    monkeypatch.setattr(collector, "freeze_all", lambda: None)  # this process is pytest's
    monkeypatch.setattr(sys, "argv", ["multivalue", "--version"])
    with pytest.raises(SystemExit):
        cli.main()
    assert called == ["tuned"]
    worker.init_worker(JobConfig(profile=resolve_profile("IndE"), seed=0), in_worker=False)
    assert called == ["tuned"]  # a worker in the caller's process: the caller's settings
