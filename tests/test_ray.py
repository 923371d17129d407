"""The Ray engine gives exactly the output of the local one (run in local mode, 2 actors)."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install 'multivalue[ray]')")

from typer.testing import CliRunner  # noqa: E402

from multivalue_cli.cli import app  # noqa: E402
from multivalue_cli.run.local_pool import WorkerPool  # noqa: E402
from multivalue_cli.run.worker import JobConfig  # noqa: E402
from multivalue_cli.run.ray_pool import RayPool  # noqa: E402
from multivalue_cli.run.records import Task  # noqa: E402
from multivalue_cli.profiles import resolve_profile  # noqa: E402

SAMPLE = Path(__file__).parent.parent / "multivalue_cli" / "data" / "sample.jsonl"
runner = CliRunner()

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def ray_instance():
    """One local Ray instance for the whole module (starting one takes seconds)."""
    ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False)
    yield
    ray.shutdown()


def _batches(size: int = 25) -> list[tuple[int, list[Task]]]:
    texts = [json.loads(line)["text"] for line in SAMPLE.read_text("utf-8").splitlines()][:200]
    tasks = [Task(row, "text", text, (), None) for row, text in enumerate(texts)]
    return [(k, tasks[start:start + size]) for k, start in enumerate(range(0, len(tasks), size))]


def _local_outcomes(config: JobConfig, batches: list) -> list:
    local = WorkerPool(config, 1)
    expected = list(local.map_ordered(batches))
    local.close()
    return expected


def test_ray_pool_gives_the_outcomes_of_the_local_pool(ray_instance):
    config = JobConfig(profile=resolve_profile("IndE"), seed=3)
    batches = _batches()
    expected = _local_outcomes(config, batches)
    pool = RayPool(config, 2)
    try:
        got = list(pool.map_ordered(iter(batches)))  # more batches than the 4 kept in flight
    finally:
        pool.close()
    assert [payload for payload, _ in got] == list(range(len(batches)))
    assert got == expected
    assert sum(len(outcome.edits) for _, outcomes in got for outcome in outcomes) > 0


def _cli_has_engine() -> bool:
    return "--engine" in runner.invoke(app, ["transform", "--help"], terminal_width=200).output


@pytest.mark.skipif(not _cli_has_engine(), reason="`multivalue transform` has no --engine option yet")
def test_cli_ray_engine_writes_the_same_output_as_local(ray_instance, tmp_path):
    outs = {"local": tmp_path / "local", "ray": tmp_path / "ray"}
    common = ["transform", "--dialect", "IndE", "--seed", "3", "--quiet"]
    for name, extra in (("local", ["--workers", "1"]), ("ray", ["--engine", "ray", "--workers", "2"])):
        result = runner.invoke(app, [*common, *extra, "-o", str(outs[name])])
        assert result.exit_code == 0, result.output
    for folder in ("data", "edits"):
        local_files = sorted((outs["local"] / folder).iterdir())
        ray_files = sorted((outs["ray"] / folder).iterdir())
        assert [f.name for f in ray_files] == [f.name for f in local_files]
        for mine, theirs in zip(ray_files, local_files):
            assert mine.read_bytes() == theirs.read_bytes(), mine.name
    manifests = {name: json.loads((out / "manifest.json").read_text()) for name, out in outs.items()}
    assert manifests["ray"]["counts"] == manifests["local"]["counts"]
    assert manifests["ray"]["shards"] == manifests["local"]["shards"]
    assert manifests["local"]["counts"]["texts_changed"] > 0


def test_many_dialects_on_ray_write_the_same_configurations_as_local(ray_instance, tmp_path):
    common = ["transform", "-d", "IndE,ChcE", "--variants", "2", "--seed", "3", "--limit", "60", "--quiet"]
    for name, extra in (("local", []), ("ray", ["--engine", "ray", "--workers", "2", "--batch-size", "20"])):
        result = runner.invoke(app, [*common, *extra, "-o", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    for dialect in ("IndE", "ChcE"):
        for folder in ("data", "edits"):
            local = sorted((tmp_path / "local" / dialect / folder).iterdir())
            on_ray = sorted((tmp_path / "ray" / dialect / folder).iterdir())
            assert [f.read_bytes() for f in on_ray] == [f.read_bytes() for f in local]


def test_a_dead_actor_is_an_error_naming_the_batch(ray_instance):
    from multivalue_cli.run.worker import WorkerDied

    pool = RayPool(JobConfig(profile=resolve_profile("IndE"), seed=3), 1)
    try:
        ray.kill(pool._actors[0])  # as the system's OOM killer would
        with pytest.raises(WorkerDied, match="Ray actor died .* rows 0-24"):
            list(pool.map_ordered(iter(_batches())))
    finally:
        pool.terminate()


def test_a_stopped_actor_is_replaced_and_its_batches_run_again(ray_instance):
    import os
    import signal
    import time

    config = JobConfig(profile=resolve_profile("IndE"), seed=3)
    batches = _batches()
    expected = _local_outcomes(config, batches)
    pool = RayPool(config, 2, timeout=10)
    try:
        stopped = ray.get(pool._actors[0].__ray_call__.remote(lambda actor: os.getpid()))
        os.kill(stopped, signal.SIGSTOP)  # a worker that hangs
        started = time.monotonic()
        got = list(pool.map_ordered(iter(batches)))
    finally:
        pool.terminate()
        try:
            os.kill(stopped, signal.SIGKILL)
        except ProcessLookupError:  # the pool killed it
            pass
    assert got == expected
    assert time.monotonic() - started < 10 + 60


def test_a_private_ray_runs_from_a_source_tree_and_leaves_the_users_ray_settings_alone(tmp_path):
    """Run from a folder holding a ``multivalue_cli`` of its own (as the repository's root
    does), the actors still import the installed package; and the private instance's token is
    its own, not a ``~/.ray/auth_token`` that every later ``ray start`` would ask for."""
    tree = tmp_path / "tree"
    (tree / "multivalue_cli").mkdir(parents=True)
    (tree / "multivalue_cli" / "__init__.py").write_text("raise ImportError('the source tree')\n")
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env.update(HOME=str(home), HF_HUB_OFFLINE="1")
    command = Path(sys.executable).with_name("multivalue")
    done = subprocess.run([str(command), "transform", str(SAMPLE), "-d", "IndE", "--limit", "5",
                           "-o", str(tmp_path / "out"), "--engine", "ray", "--workers", "1", "--quiet"],
                          cwd=tree, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "out" / "manifest.json").exists()
    assert not (home / ".ray").exists()
