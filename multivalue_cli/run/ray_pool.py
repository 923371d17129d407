"""An optional distributed worker pool on Ray, a drop-in for :class:`.local_pool.WorkerPool`.

Only the pool changes: the driver still reads the input with our sources and writes shards, the
edit log and the manifest with our writers, so schema, resume and output layout are the same
code. Each Ray actor loads spaCy once (through :func:`.worker.init_worker`) and runs
:func:`.worker.process` on whole batches; only tasks ``(row, path, text)`` and outcomes cross
the network, the records themselves wait on the driver. A text's randomness is keyed by its row
and field path, never by the worker, so for the same seed and versions the output is
byte-identical to a local run with any number of workers.

Why plain actor handles and not ``ray.util.ActorPool`` or Ray Data: ``ActorPool.submit`` hands
a batch only to an idle actor and gives an actor back only when the driver collects *that*
actor's result, so with in-order collection an actor that finished early waits idle for the
driver. Here every actor keeps up to two batches queued (``2 x actors`` in flight, as in
``WorkerPool``), batches go round-robin and are collected in submission order, so output order
is input order and memory stays flat. Ray Data (``from_items`` + ``map_batches``) would need the
whole input on the driver up front, or a second reader and writer whose order, schema and resume
we would have to re-prove; it brings nothing here.

Using it:

* Local (default): ``--engine ray --workers N`` starts a private Ray instance on this machine
  with ``N x cpus-per-actor`` CPUs (no dashboard) and stops it at the end. Useful mainly to test.
  A process already connected to Ray (``ray.init`` called before) keeps its connection.
  The private instance has a token of its own (nothing is written to ``~/.ray``), and the job's
  working directory is an empty one, so the driver's current directory (a source tree) is
  not on the actors' import path.
* A cluster: ``--ray-address ray://HEAD:10001`` (Ray Client, from outside the cluster) or
  ``--ray-address auto`` (the driver runs on a node of a cluster started with ``ray start``).
  ``RAY_ADDRESS`` is honoured with ``auto``. Every node needs the same versions of multivalue,
  spaCy and the spaCy model as the driver (checked at start-up: a mismatch would change output).
* Size: one actor per core, ``--ray-cpus-per-actor 1`` (each actor is single-threaded: BLAS and
  OpenMP threads are set to 1), about 300 MB of memory per actor. ``--workers`` is the number of
  actors; more actors than free CPUs simply wait until CPUs free up (an error after a timeout).
* The input is read, and the output written, by the driver only: the input must be readable
  from the driver's machine, and the driver's network carries every text twice (out and back).
  A run into a folder from a JSON Lines file does not come here: its tasks read and write the
  shards themselves (:mod:`.cluster`); this pool serves the runs that cannot be cut into parts.
"""
from __future__ import annotations

import logging
import math
import os
import secrets
import signal
import tempfile
import threading
from collections import deque
from typing import Any, Iterable, Iterator

import ray

from .. import __version__
from .records import Outcome, Task
from .tuning import THREAD_VARS, tune_process
from .watchdog import DEFAULT_WORKER_TIMEOUT, Watchdog
from .worker import JobConfig, WorkerDied, init_worker, process

STARTUP_TIMEOUT = 600.0  # seconds to wait for all actors to be placed and load spaCy


def versions(model: str | None) -> dict[str, str]:
    """What must match between driver and actors for the output to be the same."""
    import spacy

    from ..engine.nlp import model_description

    return {"multivalue": __version__, "spacy": spacy.__version__, "model": model_description(model)}


def actor_env() -> dict[str, str]:
    """Environment of the actors: one BLAS/OpenMP thread, and the driver's model choice."""
    env = {name: "1" for name in THREAD_VARS}
    if os.environ.get("MULTIVALUE_SPACY_MODEL"):
        env["MULTIVALUE_SPACY_MODEL"] = os.environ["MULTIVALUE_SPACY_MODEL"]
    return env


class _Worker:
    """One Ray actor: a worker process of :class:`.local_pool.WorkerPool`, placed by Ray."""

    def __init__(self, config: JobConfig) -> None:
        tune_process()  # an actor is a process of its own, not started by the command line
        init_worker(config, in_worker=False)  # Ray owns the actor's signals
        self.model = config.model

    def versions(self) -> dict[str, str]:
        return versions(self.model)

    def process(self, tasks: list[Task]) -> list[Outcome]:
        return process(tasks)


class RayPool:
    """Ordered, bounded map of ``worker.process`` over batches, on Ray actors.

    Same interface as :class:`.local_pool.WorkerPool`; ``workers`` is the number of actors."""

    def __init__(self, config: JobConfig, workers: int, *, address: str | None = None,
                 cpus_per_actor: float = 1.0, timeout: float | None = DEFAULT_WORKER_TIMEOUT) -> None:
        if workers < 1 or cpus_per_actor <= 0:
            raise ValueError("RayPool needs at least one actor and a positive CPU share per actor")
        self.workers, self.config, self.timeout = workers, config, timeout
        self._actors: list[Any] = []
        self._owns_ray = not ray.is_initialized()
        if self._owns_ray:
            start_ray(address, math.ceil(workers * cpus_per_actor))
        self._actor_class = ray.remote(_Worker).options(num_cpus=cpus_per_actor,
                                                        runtime_env={"env_vars": actor_env()})
        try:
            self._actors = [self._actor_class.remote(config) for _ in range(workers)]
            self._check_versions(config.model, workers * cpus_per_actor)
        except BaseException:
            self.terminate()
            raise

    def _check_versions(self, model: str | None, cpus: float) -> None:
        """Wait until every actor has loaded spaCy; refuse actors whose versions differ."""
        pending = [a.versions.remote() for a in self._actors]
        ready, waiting = ray.wait(pending, num_returns=len(pending), timeout=STARTUP_TIMEOUT)
        if waiting:
            have = ray.cluster_resources().get("CPU", 0)
            raise RuntimeError(f"only {len(ready)} of {len(pending)} Ray actors started within "
                               f"{STARTUP_TIMEOUT:.0f}s (they need {cpus:g} CPUs; the cluster has {have:g})")
        mine = versions(model)
        for theirs in ray.get(ready):
            if theirs != mine:
                raise RuntimeError(f"a Ray node has other versions than the driver ({theirs} vs "
                                   f"{mine}); the output would differ: install the same on every node")

    def map_ordered(self, batches: Iterable[tuple[object, list[Task]]]) -> Iterator[tuple[object, list[Outcome]]]:
        in_flight: deque[list] = deque()  # [payload, tasks, object ref, actor slot, batch number]
        limit = 2 * self.workers
        watch = Watchdog(self.timeout)
        for number, (payload, tasks) in enumerate(batches):
            if not in_flight:
                watch.progressed()  # the clock runs while the actors hold work
            slot = number % self.workers
            in_flight.append([payload, tasks, self._actors[slot].process.remote(tasks), slot, number])
            while len(in_flight) >= limit:
                yield self._oldest(in_flight, watch)
        while in_flight:
            yield self._oldest(in_flight, watch)

    def _oldest(self, in_flight: deque, watch: Watchdog) -> tuple[object, list[Outcome]]:
        """The oldest batch's result, once it is there; the actor holding it is replaced
        whenever no batch finishes within the watchdog's time."""
        entry = in_flight[0]
        finished = _finished(in_flight)
        while True:
            try:
                result = ray.get(entry[2], timeout=watch.wait_left())
            except ray.exceptions.GetTimeoutError:
                if not _finished(in_flight) <= finished:  # another batch finished meanwhile
                    watch.progressed()
                elif watch.stuck():
                    watch.strike(entry[4], entry[1])
                    self._replace_actor(entry[3], in_flight)
                    watch.progressed()  # the clock starts once the new actor has loaded spaCy
                finished = _finished(in_flight)
                continue
            except ray.exceptions.RayActorError:
                raise WorkerDied.holding(entry[1], "a Ray actor") from None
            in_flight.popleft()
            return entry[0], result

    def _replace_actor(self, slot: int, in_flight: deque) -> None:
        """Kill the actor of ``slot`` (with the batches queued on it), start another, and give
        it those batches again, in order."""
        ready = _finished(in_flight)
        ray.kill(self._actors[slot])
        self._actors[slot] = self._actor_class.remote(self.config)
        ray.get(self._actors[slot].versions.remote(), timeout=STARTUP_TIMEOUT)
        for entry in in_flight:
            if entry[3] == slot and entry[2] not in ready:
                entry[2] = self._actors[slot].process.remote(entry[1])

    def close(self) -> None:
        """Release the actors (and the Ray instance this pool started)."""
        self._stop(kill=False)

    def terminate(self) -> None:
        """Kill the actors at once, running batches included."""
        self._stop(kill=True)

    def _stop(self, kill: bool) -> None:
        actors, self._actors = self._actors, []
        for actor in actors:
            if kill:
                ray.kill(actor)
            else:
                actor.__ray_terminate__.remote()  # ends after its queued calls
        if self._owns_ray and ray.is_initialized():
            ray.shutdown()
            self._owns_ray = False
            restore_auth_environment()


def _finished(in_flight: deque) -> set:
    """The object refs of the batches in flight whose results are there."""
    refs = [entry[2] for entry in in_flight]
    return set(ray.wait(refs, num_returns=len(refs), timeout=0)[0])


def start_ray(address: str | None, cpus: int) -> None:
    """Start or join Ray, keeping the caller's SIGTERM handler (``ray.init`` replaces it)."""
    in_main = threading.current_thread() is threading.main_thread()
    previous = signal.getsignal(signal.SIGTERM) if in_main else None
    try:
        _init_ray(address, cpus)
    finally:
        if previous is not None:
            signal.signal(signal.SIGTERM, previous)


AUTH_VARIABLES = ("RAY_AUTH_MODE", "RAY_AUTH_TOKEN", "RAY_AUTH_TOKEN_PATH")
_auth_environment: dict[str, str | None] = {}  # what this process had, while a private Ray runs


def _private_token() -> None:
    """A private instance gets a token of its own, in this process's environment (its Ray
    processes inherit it): left to itself, Ray would write ``~/.ray/auth_token``, and from then
    on every ``ray start`` on the machine would ask for it. A user's own setting is kept."""
    _auth_environment.update({name: os.environ.get(name) for name in AUTH_VARIABLES})
    if not any(_auth_environment.values()):
        os.environ["RAY_AUTH_TOKEN"] = secrets.token_hex(32)


def restore_auth_environment() -> None:
    """Put back the variables :func:`_private_token` (and ``ray.init``) set."""
    for name, value in _auth_environment.items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
    _auth_environment.clear()


def _init_ray(address: str | None, cpus: int) -> None:
    quiet: dict[str, Any] = {"log_to_driver": False, "ignore_reinit_error": True}
    # An empty working directory of the job: Ray would otherwise put the driver's current
    # directory on the workers' import path, where a source tree (the repository's root)
    # shadows the installed package.
    with tempfile.TemporaryDirectory(prefix="multivalue-ray-") as empty:
        quiet["runtime_env"] = {"working_dir": empty}
        if address:
            ray.init(address=address, logging_level=logging.WARNING, **quiet)
            return
        _private_token()
        # "local", not None: None would join any Ray instance already running on this machine.
        ray.init(address="local", num_cpus=max(1, cpus), include_dashboard=False,
                 logging_level=logging.ERROR, **quiet)
