"""YAML is read with libyaml's safe loader where available: the same values as PyYAML's
pure-Python safe loader, and no more than it allows."""
from importlib import resources
from pathlib import Path

import pytest
import yaml

from multivalue_cli.io.yamltext import safe_load

ROOT = Path(__file__).resolve().parent.parent


def _bundled_yaml() -> list[Path]:
    learner = Path(str(resources.files("multivalue_cli.learner")))
    return (sorted((ROOT / "dialects").glob("*.yaml")) + [learner / "default_errors.yaml"]
            + sorted((learner / "levels").glob("*.yaml"))
            + [Path(str(resources.files("multivalue_cli"))) / "data" / "tasks.yaml"])


def test_every_bundled_file_reads_as_the_pure_python_safe_loader_reads_it():
    files = _bundled_yaml()
    assert len(files) > 50
    for path in files:
        text = path.read_text("utf-8")
        assert safe_load(text) == yaml.load(text, Loader=yaml.SafeLoader), path


def test_it_is_as_safe_as_safe_load():
    with pytest.raises(yaml.YAMLError):
        safe_load("!!python/object/apply:os.system ['echo hi']")
    with pytest.raises(yaml.YAMLError):
        safe_load("key: [unclosed")
    assert safe_load("on: yes\nn: 1_000\nd: 2024-01-02\n") == yaml.safe_load("on: yes\nn: 1_000\nd: 2024-01-02\n")
