"""Whether and from where a run may write into an output folder: the folder's lock, a new
run's clearing of it, and the checks that let ``--resume`` go on from an interrupted run (the
same arguments, the same input, the finished shards whole and unchanged).

A shard is recorded in the manifest with the size and SHA-256 of each of its files
(:func:`file_check`); a resume keeps the listed shards up to the first whose files are not
all there as recorded, and redoes the rest.
"""
from __future__ import annotations

import hashlib
import json
import os
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import pyarrow as pa

from ..io import jsontext
from ..io.arrowschema import schema_from_text
from ..profiles import Profile
from .spec import EXIT_FAILED, EXIT_OK, RunError, RunSpec

LOCK_NAME = ".lock"
OUR_FILES = ("data", "edits", "errors.jsonl", "manifest.json", "README.md", ".work", LOCK_NAME)


# ----------------------------------------------------------------------- the folder


def claim_folder(out: Path) -> "OutputLock":
    """Make ``out`` if need be and lock it for this run."""
    if out.exists() and not out.is_dir():
        raise RunError(f"{out} exists and is not a folder; choose another -o folder")
    out.mkdir(parents=True, exist_ok=True)
    return OutputLock.acquire(out)


class OutputLock:
    """An exclusive lock on an output folder (``OUT/.lock``, holding the owner's pid), held for
    the whole run so that a second run cannot write the same folder. The kernel releases it when
    the process ends, however it ends, so a lock left by a killed run never blocks a resume."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path, self.fd = path, fd

    @classmethod
    def acquire(cls, out: Path) -> "OutputLock":
        import fcntl

        path = out / LOCK_NAME
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            owner = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise RunError(f"another run (pid {owner}) is writing to {out}; wait for it to end "
                           "or stop it, then try again", EXIT_FAILED) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd)

    def release(self, remove: bool = False) -> None:
        if self.fd < 0:
            return
        if remove:
            self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = -1


def prepare_output_dir(out: Path, overwrite: bool, streams: Sequence[str] = ()) -> None:
    """Make ``out`` ready for a new run: refuse a folder holding other files or a run's output
    unless ``overwrite`` (then clear only our files: with them the folders of the dialects of
    this run, ``streams``, and of the run it replaces). A folder left by a run that died before
    it finished its first shard holds nothing of value and is reused."""
    if any(out.iterdir()) and not overwrite and not leftovers_only(out):
        state = run_state(out)
        if state == "complete":
            what = "holds the output of a finished run"
        elif state is not None:
            what = "holds an unfinished run; pass --resume to continue it"
        else:
            what = "is not empty"
        raise RunError(f"{out} {what}; pass --overwrite to replace it, or choose another "
                       "-o folder" + ("" if state not in (None, "complete") else
                                     " (--resume continues an unfinished run)"))
    for name in (*OUR_FILES, *streams, *_dialect_folders(out)):
        if name and name != LOCK_NAME:
            _remove(out / name)
    for stale in out.glob(".*.tmp"):
        stale.unlink()


def _dialect_folders(out: Path) -> list[str]:
    """The folders of the dialects of the run whose manifest is in ``out`` (one per dialect)."""
    try:
        manifest = jsontext.loads((out / "manifest.json").read_text("utf-8"))
        return [str(d["config"]) for d in manifest.get("dialects") or () if d.get("config")]
    except (OSError, ValueError, AttributeError, KeyError, TypeError):
        return []


def run_state(out: Path) -> str | None:
    """The state in ``out/manifest.json`` (running, interrupted, complete, ...), if readable."""
    try:
        return jsontext.loads((out / "manifest.json").read_text("utf-8")).get("state")
    except (OSError, ValueError, AttributeError):
        return None


def leftovers_only(out: Path) -> bool:
    """Whether ``out`` holds only what a run leaves before its first shard is finished: a
    lock, temporary files, an empty ``.work`` and a manifest that lists no shard."""
    for entry in out.iterdir():
        if entry.name == LOCK_NAME or (entry.name.startswith(".") and entry.name.endswith(".tmp")):
            continue
        if entry.name == ".work" and entry.is_dir() and not any(p.is_file() for p in entry.rglob("*")):
            continue
        if entry.name == "manifest.json":
            try:
                manifest = jsontext.loads(entry.read_text("utf-8"))
            except (OSError, ValueError):
                return False
            if isinstance(manifest, dict) and manifest.get("state") != "complete" \
                    and not manifest.get("shards"):
                continue
        return False
    return True


def _remove(target: Path) -> None:
    if target.is_dir():
        for child in target.iterdir():
            _remove(child)
        target.rmdir()
    elif target.exists():
        target.unlink()


# ----------------------------------------------------------------------- going on


@dataclass
class Resumed:
    """What an interrupted run leaves to go on with."""

    shards: list[dict]  # the finished shards kept, as listed in the manifest
    format: str
    format_reason: str | None
    schema: pa.Schema | None
    fingerprint: dict  # of the input, the same as the interrupted run's


def resume_point(out: Path, spec: RunSpec, profiles: Sequence[Profile | None], source,
                 warn: Callable[[str], None]) -> Resumed | None:
    """Check the folder's run against this one; return what it leaves to go on with, or None
    when nothing of it is worth keeping. Files in ``.work`` that no kept shard lists
    (half-written, finished after the last manifest update, or damaged) are removed."""
    manifest_path, work = out / "manifest.json", out / ".work"
    if not manifest_path.exists():
        if leftovers_only(out):
            return None
        raise RunError(f"nothing to resume in {out}: it has no manifest.json and holds "
                       "other files; choose another -o folder")
    try:
        manifest = json.loads(manifest_path.read_text("utf-8"))
        previous = RunSpec.from_dict(manifest.get("run", {}))
    except (OSError, ValueError, TypeError, AttributeError) as exc:
        raise RunError(f"{manifest_path}: cannot read it ({exc}); rerun with --overwrite") from None
    differing = previous.differences(spec)
    if _profile_hashes(manifest) != [_profile_hash(p) for p in profiles]:
        differing.append("dialect/profile")
    names = ", ".join(option_name(d) for d in differing)
    if manifest.get("state") == "complete":
        if differing:
            raise RunError(f"{out} holds a finished run made with other arguments ({names} "
                           "differ); pass --overwrite to replace it, or choose another -o folder")
        raise RunError(f"{out} holds a finished run; nothing to resume", EXIT_OK)
    if differing:
        raise RunError(f"--resume needs the arguments of the interrupted run; these differ: "
                       f"{names} (see {manifest_path})")
    if not manifest.get("format") or not manifest.get("shards"):
        return None
    fingerprint = source.fingerprint()
    before = (manifest.get("input") or {}).get("fingerprint")
    if before != fingerprint:
        raise RunError(f"--resume: the input is not the one the interrupted run read "
                       f"({_fingerprint_change(before, fingerprint)}); its finished shards "
                       "would not match. Start again with --overwrite")
    work.mkdir(exist_ok=True)
    if manifest.get("state") == "finalizing":
        _unfinalize(out, manifest)
    shards = _trusted_shards(work, manifest["shards"], warn)
    keep = {name for shard in shards for name in shard["files"]}
    for stale in work.rglob("*"):
        if stale.is_file() and stale.relative_to(work).as_posix() not in keep:
            stale.unlink()
    return Resumed(shards, manifest["format"], manifest.get("format_reason"),
                   schema_from_text(manifest.get("schema")), fingerprint)


def _unfinalize(out: Path, manifest: dict) -> None:
    """Move the shards an interrupted final step had already renamed back into ``.work``,
    so they are checked and finalized like the others."""
    streams = {d["config"]: d.get("outputs") or {} for d in manifest.get("dialects") or () if d.get("config")}
    streams[""] = manifest.get("outputs") or {}
    work = out / ".work"
    for k, shard in enumerate(manifest["shards"]):
        for name in shard["files"]:
            stream, _, base = name.rpartition("/")
            kind = base.split("-")[0]
            finals = streams.get(stream, {}).get(kind) or []
            if kind in ("data", "edits") and k < len(finals) and (out / finals[k]).exists() \
                    and not (work / name).exists():
                (work / name).parent.mkdir(parents=True, exist_ok=True)
                os.replace(out / finals[k], work / name)


def _trusted_shards(work: Path, shards: list[dict], warn: Callable[[str], None]) -> list[dict]:
    """The listed shards whose files are all there, whole and unchanged, up to the first
    that is not (it and the ones after it are redone)."""
    trusted = []
    for k, shard in enumerate(shards):
        bad = damaged_file(work, shard)
        if bad is not None or shard.get("index") != k:
            first, last = shard["rows"]
            warn(f"note: {bad or 'a shard'} (rows {first}-{last - 1}) is missing or damaged; "
                 f"it and the {len(shards) - k - 1} shard(s) after it are done again")
            break
        trusted.append(shard)
    return trusted


def damaged_file(work: Path, shard: dict) -> str | None:
    """The first file of a finished shard that is not in ``work`` as the manifest recorded it."""
    checks = shard.get("checks", {})
    return next((name for name in shard["files"] if not _intact(work / name, checks.get(name))), None)


def file_check(path: Path) -> dict:
    """Size and SHA-256 of a finished file, recorded so a resume can tell it is unchanged."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def _intact(path: Path, check: dict | None) -> bool:
    """Whether ``path`` is the file that was recorded (any file, for manifests of older runs
    that recorded none)."""
    if not path.is_file():
        return False
    if check is None:
        return True
    try:
        return path.stat().st_size == check["bytes"] and file_check(path) == check
    except OSError:
        return False


def _fingerprint_change(before: dict | None, now: dict) -> str:
    """What differs between two input fingerprints, in a few words."""
    if not before:
        return "the interrupted run recorded no fingerprint of its input"
    old, new = before.get("files") or [], now.get("files") or []
    if len(old) != len(new):
        return f"{len(old)} file(s) then, {len(new)} now"
    for a, b in zip(old, new):
        if a.get("bytes") != b.get("bytes"):
            return f"{b['path']}: {a.get('bytes')} bytes then, {b.get('bytes')} now"
        if a != b:
            return f"{b['path']}: its content changed"
    return "its content changed"


def _profile_hash(profile: Profile | None) -> str | None:
    return profile.canonical()["hash"] if profile is not None else None


def _profile_hashes(manifest: dict) -> list[str | None]:
    """The hash of each profile of the run of ``manifest`` (one per dialect)."""
    if manifest.get("dialects"):
        return [(d.get("profile") or {}).get("hash") for d in manifest["dialects"]]
    return [(manifest.get("profile") or {}).get("hash")]


OPTION_NAMES = {"errors": "--errors", "error_rate": "--error-rate", "error_profile": "--error-profile",
                "error_level": "--error-level",
                "protect_fields": "--protect-field", "protect_regex": "--protect-regex",
                "protect_terms": "--protect-file", "protect_quotes": "--protect-quotes",
                "pair_key": "--pair-key",
                "input": "INPUT", "fields": "--field", "task": "--task", "split": "--split",
                "config": "--config", "limit": "--limit", "seed": "--seed",
                "keep_original": "--keep-original", "model": "--model", "format": "--format",
                "shard_size": "--shard-size", "on_error": "--on-error", "mix": "--mix",
                "mix_weights": "--dialect", "variants": "--variants", "changed_only": "--changed-only",
                "dialect_column": "--dialect-column", "variant_column": "--variant-column"}


def option_name(name: str) -> str:
    """The command-line option of a :class:`.spec.RunSpec` field."""
    return OPTION_NAMES.get(name, name)


def resume_command(argv: list[str]) -> str:
    """The command that goes on from where an interrupted run stopped."""
    args = [a for a in argv if a not in ("--overwrite", "--resume")]
    return "multivalue " + " ".join(shlex.quote(a) for a in args) + " --resume"
