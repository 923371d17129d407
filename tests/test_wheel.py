"""The built wheel carries the rules and the profiles: install it into a fresh virtual
environment and run the Quick start's command from there, outside the source tree."""
import json
import os
import site
import subprocess
import sys
import venv
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.slow
def test_wheel_installs_and_transforms_the_sample(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--outdir", str(dist), str(ROOT)],
        check=True, capture_output=True,
    )
    wheel = next(dist.glob("multivalue-*.whl"))
    # The dependencies (spaCy, pyarrow, ...) come from the environment running the tests (a
    # .pth file lists its site-packages; not the base interpreter's, which system_site_packages
    # would give); the package itself only from the wheel (an editable install's hook is a .pth
    # file in those folders, which a listed folder does not run).
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(system_site_packages=False, with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    own_site = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                              check=True, capture_output=True, text=True).stdout.strip()
    Path(own_site, "_tested_environment.pth").write_text(
        "".join(f"{path}\n" for path in [*site.getsitepackages(), site.getusersitepackages()]))
    subprocess.run([python, "-m", "pip", "install", "--no-deps", "--quiet", str(wheel)], check=True)

    work = tmp_path / "work"
    work.mkdir()
    env = {**os.environ, "HF_HUB_OFFLINE": "1"}
    where = subprocess.run(
        [python, "-c", "import multivalue_cli, multivalue_cli.rules as r; print(multivalue_cli.__file__, r.__file__)"],
        cwd=work, env=env, check=True, capture_output=True, text=True,
    ).stdout
    assert str(env_dir) in where and str(ROOT) not in where, where

    run = subprocess.run(
        [env_dir / "bin" / "multivalue", "transform", "--dialect", "IndE", "--quiet"],
        cwd=work, env=env, capture_output=True, text=True,
    )
    assert run.returncode == 0, run.stderr
    manifest = json.loads((work / "multivalue_out" / "IndE" / "manifest.json").read_text())
    assert manifest["counts"]["records"] == 240
    assert manifest["counts"]["texts_changed"] > 0
    assert manifest["profile"]["abbreviation"] == "IndE"

    review = subprocess.run(  # the review page's script and style are package data too
        [env_dir / "bin" / "multivalue", "review", "export", "multivalue_out/IndE", "-o", "review",
         "--per-feature", "1"], cwd=work, env=env, capture_output=True, text=True,
    )
    assert review.returncode == 0, review.stderr
    page = (work / "review" / "index.html").read_text()
    assert "multivalue-review:" in page and "button.edit" in page

    shown = subprocess.run(  # the rules' measured accuracy and silent-rule tables are package data
        [env_dir / "bin" / "multivalue", "dialects", "show", "AppE", "--json"],
        cwd=work, env=env, capture_output=True, text=True,
    )
    assert shown.returncode == 0, shown.stderr
    rows = {row["name"]: row for row in json.loads(shown.stdout)["features"]}
    shipped = (ROOT / "multivalue_cli" / "data" / "silent_rules.tsv").read_text().splitlines()[1:]
    silent = {line.split("\t")[0] for line in shipped} & set(rows)
    assert {name for name, row in rows.items() if row["silent"]} == silent
