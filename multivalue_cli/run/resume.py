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
import re
import shlex
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

import pyarrow as pa

from ..io import jsontext
from ..io.arrowschema import schema_from_text
from ..io.writers import NO_FOLLOW
from ..profiles import Profile
from .journal import JOURNAL_NAME, finished_shards, marker_name
from .spec import EXIT_FAILED, EXIT_OK, RunError, RunSpec

LOCK_NAME = ".lock"
# the files a run names in its folder: the final shards (data/, edits/, conll/), the shards of a
# run in progress (.work/), temporary files, the harness groups (lm_eval/) and the exports of
# `multivalue export` (gec/); nothing else in those folders is ours
SHARD_NAME = re.compile(r"[^/\\]+-\d{5,}-of-\d{5,}\.(parquet|jsonl|csv|conll)")
WORK_NAME = re.compile(r"(data|edits|learner|errors|done)-\d{5,}\.(parquet|jsonl|json|csv)")
TEMPORARY_NAME = re.compile(r"\..+\.tmp")
FINAL_NAME = re.compile(r"(data|edits)/" + SHARD_NAME.pattern)
# the same in the folder of a dialect of a run of several (a plain name, not starting with ".")
STREAM_WORK_NAME = re.compile(r"(?:[^/\\.][^/\\]*/)?" + WORK_NAME.pattern)
STREAM_FINAL_NAME = re.compile(r"(?:[^/\\.][^/\\]*/)?" + FINAL_NAME.pattern)
OWN_SUBFOLDERS = (("data", SHARD_NAME), ("edits", SHARD_NAME), ("conll", SHARD_NAME), (".work", WORK_NAME),
                  ("lm_eval", re.compile(r"[^/\\]+\.yaml")), ("gec", re.compile(r"edits\.m2|source\.txt|target\.txt")))


# ----------------------------------------------------------------------- the folder


def claim_folder(out: Path, source=None) -> "OutputLock":
    """Make ``out`` if need be and lock it for this run (refused, before anything is written,
    when the input lies inside it)."""
    if out.exists() and not out.is_dir():
        raise RunError(f"{out} exists and is not a folder; choose another -o folder")
    if source is not None:
        refuse_input_inside(out, source)
    out.mkdir(parents=True, exist_ok=True)
    return OutputLock.acquire(out)


def refuse_input_inside(out: Path, source) -> None:
    """An input inside the output folder would be read while the run writes there, and deleted
    by ``--overwrite``: refused."""
    if not out.exists():
        return
    from ..io.storage import local_path

    folder = out.resolve()
    for path in source.files:
        local = local_path(path)  # a file of another filesystem (a URL's) is not in the folder
        if local is not None and local.resolve().is_relative_to(folder):
            raise RunError(f"the input {path} lies inside the output folder {out}; writing there "
                           "could change or delete it: choose another -o folder")


class OutputLock:
    """An exclusive lock on an output folder (``OUT/.lock``, holding the owner's pid), held for
    the whole run so that a second run cannot write the same folder. The kernel releases it when
    the process ends, however it ends, so a lock left by a killed run never blocks a resume.
    The file is opened without following a symbolic link (a link found there is removed, its
    target left as it is)."""

    def __init__(self, path: Path, fd: int, created: bool = False) -> None:
        self.path, self.fd, self.created = path, fd, created

    @classmethod
    def acquire(cls, out: Path) -> "OutputLock":
        import fcntl

        path = out / LOCK_NAME
        if path.is_symlink():
            path.unlink()
        try:
            fd, created = os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | NO_FOLLOW, 0o644), True
        except FileExistsError:
            fd, created = os.open(path, os.O_RDWR | NO_FOLLOW), False
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            owner = os.pread(fd, 32, 0).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise RunError(f"another run (pid {owner}) is writing to {out}; wait for it to end "
                           "or stop it, then try again", EXIT_FAILED) from None
        os.ftruncate(fd, 0)
        os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)
        return cls(path, fd, created)

    def release(self, remove: bool = False) -> None:
        if self.fd < 0:
            return
        if remove:
            self.path.unlink(missing_ok=True)
        os.close(self.fd)
        self.fd = -1


def prepare_output_dir(out: Path, overwrite: bool, streams: Sequence[str] = ()) -> None:
    """Make ``out`` ready for a new run: refuse a folder holding other files or a run's output
    unless ``overwrite``, and even then a folder that is not a multivalue output (its manifest
    says whose it is); clear only the files a run of ours names there (with the folders of the
    dialects of this run, ``streams``, and of the run it replaces). A folder left by a run
    that died before it finished its first shard holds nothing of value and is reused."""
    if any(out.iterdir()) and not leftovers_only(out):
        manifest = our_manifest(out)
        state = manifest.get("state") if manifest is not None else None
        if not overwrite:
            if state == "complete":
                what = "holds the output of a finished run"
            elif state is not None:
                what = "holds an unfinished run; pass --resume to continue it"
            else:
                what = "is not empty"
            raise RunError(f"{out} {what}; pass --overwrite to replace it, or choose another "
                           "-o folder" + ("" if state not in (None, "complete") else
                                         " (--resume continues an unfinished run)"))
        if manifest is None:
            raise RunError(f"{out} is not the output folder of a multivalue run (it has no "
                           "manifest.json of ours), and --overwrite replaces only such a folder; "
                           "nothing was changed: choose another -o folder")
    clear_output(out, [*streams, *_dialect_folders(out)])


def _dialect_folders(out: Path) -> list[str]:
    """The folders of the dialects of the run whose manifest is in ``out`` (one per dialect)."""
    manifest = our_manifest(out) or {}
    try:
        return [str(d["config"]) for d in manifest.get("dialects") or () if d.get("config")]
    except (AttributeError, KeyError, TypeError):
        return []


def our_manifest(out: Path) -> dict | None:
    """``out/manifest.json`` if it is the manifest of a multivalue run (a file, not a link)."""
    path = out / "manifest.json"
    try:
        manifest = None if path.is_symlink() else jsontext.loads(path.read_text("utf-8"))
    except (OSError, ValueError):
        return None
    tool = manifest.get("tool") if isinstance(manifest, dict) else None
    return manifest if isinstance(tool, dict) and tool.get("name") == "multivalue" else None


def leftovers_only(out: Path) -> bool:
    """Whether ``out`` holds only what a run leaves before its first shard is finished: a
    lock, temporary files, an empty ``.work`` and a manifest of ours that lists no shard."""
    for entry in out.iterdir():
        if entry.name == LOCK_NAME or TEMPORARY_NAME.fullmatch(entry.name):
            continue
        if entry.name == ".work" and entry.is_dir() and not any(p.is_file() for p in entry.rglob("*")):
            continue
        if entry.name == "manifest.json":
            manifest = our_manifest(out)
            if manifest is not None and manifest.get("state") != "complete" and not manifest.get("shards"):
                continue
        return False
    return True


def clear_output(out: Path, dialect_folders: Sequence[str] = ()) -> None:
    """Remove what a run of ours leaves in ``out``: its manifest, card and errors, the files
    named as its shards in ``data/``, ``edits/`` and ``.work/``, its temporary files; those
    folders too once empty; the same in the folder of each dialect of a run of several
    (``dialect_folders``). Another file stays; a symbolic link is removed as a link, never
    followed (what it points to stays as it is)."""
    for name in ("manifest.json", "README.md", "errors.jsonl"):
        if (out / name).is_symlink() or (out / name).is_file():
            (out / name).unlink()
    for name in dict.fromkeys(dialect_folders):
        folder = out / name
        if folder.is_symlink():
            folder.unlink()
            continue
        if (folder / "errors.jsonl").is_symlink() or (folder / "errors.jsonl").is_file():
            (folder / "errors.jsonl").unlink()
        clear_folder(folder / "data", SHARD_NAME)
        clear_folder(folder / "edits", SHARD_NAME)
        clear_folder(out / ".work" / name, WORK_NAME)
        if folder.is_dir() and not any(folder.iterdir()):
            folder.rmdir()
    for name, pattern in OWN_SUBFOLDERS:
        clear_folder(out / name, pattern)
    for stale in out.iterdir():
        if TEMPORARY_NAME.fullmatch(stale.name) and not stale.is_dir():
            stale.unlink()


def clear_folder(folder: Path, pattern: re.Pattern) -> None:
    """Remove the files of ``folder`` named as ``pattern`` says (and temporary files), then the
    folder if nothing else is left; a link in its place is removed, not followed."""
    if folder.is_symlink():
        folder.unlink()
        return
    if not folder.is_dir():
        return
    for entry in folder.iterdir():
        if (pattern.fullmatch(entry.name) or TEMPORARY_NAME.fullmatch(entry.name)) \
                and (entry.is_symlink() or not entry.is_dir()):
            entry.unlink()
    if not any(folder.iterdir()):
        folder.rmdir()


def own_folder(folder: Path) -> Path:
    """``folder`` as a folder of its own: a symbolic link in its place is removed (never written
    through), then the folder is made if need be."""
    if folder.is_symlink():
        folder.unlink()
    folder.mkdir(exist_ok=True)
    return folder


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
                 warn: Callable[[str], None], hashed: bool = True) -> Resumed | None:
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
    listed = finished_shards(manifest.get("shards") or [], work)
    if not manifest.get("format") or not listed:
        return None
    fingerprint = source.fingerprint()
    before = (manifest.get("input") or {}).get("fingerprint")
    if before != fingerprint:
        raise RunError(f"--resume: the input is not the one the interrupted run read "
                       f"({_fingerprint_change(before, fingerprint)}); its finished shards "
                       "would not match. Start again with --overwrite")
    _refuse_foreign_names(manifest, listed, manifest_path)
    own_folder(work)
    if manifest.get("state") == "finalizing":
        _unfinalize(out, manifest)
    shards = _trusted_shards(work, listed, warn, hashed)
    keep = {name for shard in shards for name in shard["files"]} | {JOURNAL_NAME}
    keep |= {marker_name(shard["index"]) for shard in shards}
    for stale in work.rglob("*"):
        if (stale.is_symlink() or stale.is_file()) and stale.relative_to(work).as_posix() not in keep:
            stale.unlink()
    return Resumed(shards, manifest["format"], manifest.get("format_reason"),
                   schema_from_text(manifest.get("schema")), fingerprint)


def _refuse_foreign_names(manifest: dict, shards: list[dict], manifest_path: Path) -> None:
    """The files a manifest and the shard journal name (``shards``: both together) must be the
    run's own (``.work/data-00000.parquet``, ``data/train-00000-of-00001.parquet``): a name
    that leads elsewhere is refused."""
    outputs = [manifest.get("outputs") or {}] + [d.get("outputs") or {} for d in manifest.get("dialects") or ()
                                                  if isinstance(d, dict)]
    names = [(name, STREAM_WORK_NAME) for shard in shards for name in shard.get("files", [])]
    names += [(final, STREAM_FINAL_NAME) for kind in ("data", "edits") for found in outputs
              for final in found.get(kind) or []]
    for name, pattern in names:
        if not isinstance(name, str) or not pattern.fullmatch(name):
            raise RunError(f"{manifest_path}: names a file that is not one of the run's own "
                           f"({name!r}); rerun with --overwrite")


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


def _trusted_shards(work: Path, shards: list[dict], warn: Callable[[str], None],
                    hashed: bool = True) -> list[dict]:
    """The listed shards whose files are all there, whole and unchanged (the others are
    redone)."""
    trusted = []
    for shard in shards:
        bad = damaged_file(work, shard, hashed)
        if bad is not None:
            first, last = shard["rows"]
            warn(f"note: {bad} (rows {first}-{last - 1}) is missing or damaged; it is done again")
            continue
        trusted.append(shard)
    return trusted


def damaged_file(work: Path, shard: dict, hashed: bool = True) -> str | None:
    """The first file of a finished shard that is not in ``work`` as the manifest recorded it
    (its size and digest; only its size, ``hashed=False``, where reading it again would cost
    the driver of a cluster as much as the run)."""
    checks = shard.get("checks", {})
    return next((name for name in shard["files"] if not _intact(work / name, checks.get(name), hashed)), None)


def file_check(path: Path) -> dict:
    """Size and SHA-256 of a finished file, recorded so a resume can tell it is unchanged."""
    digest = hashlib.sha256()
    with open(path, "rb") as stream:
        for block in iter(lambda: stream.read(1 << 20), b""):
            digest.update(block)
    return {"bytes": path.stat().st_size, "sha256": digest.hexdigest()}


def _intact(path: Path, check: dict | None, hashed: bool = True) -> bool:
    """Whether ``path`` is the file that was recorded (any file, for manifests of older runs
    that recorded none)."""
    if not path.is_file():
        return False
    if check is None:
        return True
    try:
        return path.stat().st_size == check["bytes"] and (not hashed or file_check(path) == check)
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
                "pair_key": "--pair-key", "spans": "--span", "key_by_text": "--key-by-text",
                "input": "INPUT", "fields": "--field", "task": "--task", "split": "--split",
                "config": "--config", "limit": "--limit", "seed": "--seed",
                "keep_original": "--keep-original", "model": "--model", "format": "--format",
                "shard_size": "--shard-size", "on_error": "--on-error", "max_line_mb": "--max-line-mb",
                "mix": "--mix", "mix_weights": "--dialect", "variants": "--variants", "changed_only": "--changed-only",
                "dialect_column": "--dialect-column", "variant_column": "--variant-column"}


def option_name(name: str) -> str:
    """The command-line option of a :class:`.spec.RunSpec` field."""
    return OPTION_NAMES.get(name, name)


def resume_command(argv: list[str]) -> str:
    """The command that goes on from where an interrupted run stopped."""
    args = [a for a in argv if a not in ("--overwrite", "--resume")]
    return "multivalue " + " ".join(shlex.quote(a) for a in args) + " --resume"
