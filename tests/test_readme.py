"""Every command and Python snippet in the README runs (Quick start excepted: CI runs that).

Commands run in a scratch folder that sees the repository's tests/fixtures; a command that needs
the network must fail fast and clearly when there is none."""
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text("utf-8")
BLOCKS = re.findall(r"```(bash|python|yaml)\n(.*?)```", README, flags=re.S)
COMMANDS = [line for lang, body in BLOCKS if lang == "bash" for line in body.splitlines()
            if line.strip() and not line.startswith(("pip install", "python3 -m pip"))]
SNIPPETS = [body for lang, body in BLOCKS if lang == "python"]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    work = tmp_path_factory.mktemp("readme")
    (work / "tests").mkdir()
    (work / "tests" / "fixtures").symlink_to(ROOT / "tests" / "fixtures")
    (work / "out").mkdir()
    return work


def test_the_readme_has_recipes():
    assert len(COMMANDS) >= 12 and SNIPPETS


def test_the_profile_shown_is_the_fixture():
    shown = next(body for lang, body in BLOCKS if lang == "yaml")
    assert shown == (ROOT / "tests" / "fixtures" / "my_profile.yaml").read_text()


@pytest.mark.slow
def test_every_readme_command_runs(workdir):
    env = {**os.environ, "HF_HUB_OFFLINE": "1", "PATH": f"{Path(sys.executable).parent}:{os.environ['PATH']}"}
    for command in COMMANDS:  # in order: later recipes read what earlier ones wrote
        result = subprocess.run(["bash", "-c", command], cwd=workdir, env=env, capture_output=True, text=True)
        if " hf:" in command:
            assert result.returncode == 2 and "offline" in result.stderr.lower(), (command, result.stderr)
            continue
        if result.returncode == 3:  # finished, with a record listed in errors.jsonl (a null turn)
            assert "errors.jsonl" in result.stderr or "-o -" in command, result.stderr
            continue
        assert result.returncode == 0, f"{command}\n{result.stdout}\n{result.stderr}"


@pytest.mark.slow
def test_every_readme_python_snippet_runs(workdir, monkeypatch):  # after the commands: it reads out/
    monkeypatch.chdir(workdir)
    for snippet in SNIPPETS:
        exec(compile(snippet, "README.md", "exec"), {})
