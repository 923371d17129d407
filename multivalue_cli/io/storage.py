"""Inputs named by a URL (``s3://bucket/x.jsonl``, ``gs://``, ``file://``, ``hf://``: any
filesystem fsspec knows), opened through fsspec as the readers open a local file.

:func:`input_path` gives a :class:`~pathlib.Path` for a plain path and a :class:`StoredFile`
for a URL. A StoredFile answers what the readers ask of a Path (its name, size and time,
whether it is a folder, its ``*.parquet`` files, ``open("rb")``: a buffered stream that can
seek), so every reader reads either the same way: the same rows, line numbers, schema and
fingerprint. It pickles as its URL (a cluster's task opens the filesystem again where it
runs). A scheme whose fsspec backend is not installed, or a URL that cannot be reached, is a
:class:`SourceError` naming the package or the URL; a failure of the backend while reading is
an ``OSError``, which the readers report as they report a local file's.

The output folder stays a local (or shared) path: its files are renamed into place, which an
object store cannot do atomically.
"""
from __future__ import annotations

import gzip
import importlib.util
import io
import os
import posixpath
import re
from contextlib import contextmanager
from datetime import datetime
from pathlib import Path
from typing import Any, BinaryIO, Iterator, NamedTuple

from .badrecords import SourceError

URL = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*)://")


def is_url(spec: str | None) -> bool:
    """Whether ``spec`` is a URL (``scheme://...``) rather than a local path."""
    return spec is not None and URL.match(spec) is not None


def input_path(spec: str) -> "Path | StoredFile":
    """The file or folder ``spec`` names: a local path, or a file of an fsspec filesystem."""
    return StoredFile(spec) if is_url(spec) else Path(spec)


def local_path(path: "Path | StoredFile") -> Path | None:
    """Where an input lies on this machine's filesystem (a ``file://`` URL's path); None for a
    file of another filesystem."""
    if isinstance(path, Path):
        return path
    return Path(path.path) if getattr(path.fs, "local_file", False) else None


class StoredStat(NamedTuple):
    st_size: int
    st_mtime_ns: int | None
    st_mode: int


class StoredFile:
    """A file (or folder) of an fsspec filesystem, named by its URL."""

    def __init__(self, url: str, fs: Any = None, path: str | None = None) -> None:
        self.url = url
        self.fs, self.path = (fs, path) if fs is not None else _filesystem(url)

    def __reduce__(self):
        return StoredFile, (self.url,)

    def __str__(self) -> str:
        return self.url

    def __repr__(self) -> str:
        return f"StoredFile({self.url!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, StoredFile) and other.url == self.url

    def __hash__(self) -> int:
        return hash(self.url)

    def __lt__(self, other: "StoredFile") -> bool:
        return self.url < other.url

    def __truediv__(self, name: str) -> "StoredFile":
        return StoredFile(f"{self.url.rstrip('/')}/{name}", self.fs, f"{self.path.rstrip('/')}/{name}")

    @property
    def name(self) -> str:
        return posixpath.basename(self.path.rstrip("/"))

    def resolve(self) -> "StoredFile":
        return self  # a URL names the file the same way on every node

    def _info(self) -> dict | None:
        """What the filesystem says of the file (None: there is none)."""
        try:
            return self.fs.info(self.path)
        except FileNotFoundError:
            return None
        except Exception as exc:  # a backend's own errors: no network, no permission
            raise SourceError(f"{self.url}: cannot reach it ({_first_line(exc)})") from None

    def exists(self) -> bool:
        return self._info() is not None

    def is_dir(self) -> bool:
        info = self._info()
        return info is not None and info.get("type") == "directory"

    def is_file(self) -> bool:
        info = self._info()
        return info is not None and info.get("type") != "directory"

    def stat(self) -> StoredStat:
        if getattr(self.fs, "local_file", False):
            local = os.stat(self.path)
            return StoredStat(local.st_size, local.st_mtime_ns, local.st_mode)
        info = self._info()
        if info is None:
            raise FileNotFoundError(f"no such file: {self.url}")
        return StoredStat(int(info.get("size") or 0), _mtime_ns(info), 0o100644)

    def glob(self, pattern: str) -> list["StoredFile"]:
        """The files of this folder whose names match ``pattern`` (``*.parquet``)."""
        try:
            found = self.fs.glob(f"{self.path.rstrip('/')}/{pattern}")
        except Exception as exc:
            raise SourceError(f"{self.url}: cannot list it ({_first_line(exc)})") from None
        return [self / posixpath.basename(str(name).rstrip("/")) for name in found]

    def open(self, mode: str = "rb") -> BinaryIO:
        if mode != "rb":
            raise ValueError(f"{self.url}: inputs are read only")
        try:
            file = self.fs.open(self.path, "rb")
        except FileNotFoundError as exc:
            raise FileNotFoundError(f"no such file: {self.url}") from exc
        except OSError:
            raise
        except Exception as exc:
            raise OSError(f"{self.url}: {_first_line(exc)}") from None
        return io.BufferedReader(_Reading(file, self.url), buffer_size=1 << 20)


class _Reading(io.RawIOBase):
    """An fsspec file as a raw stream (for :class:`io.BufferedReader`: lines read up to a
    length, seeking); a backend's own error while reading is an ``OSError``."""

    def __init__(self, file: Any, url: str) -> None:
        self.file, self.url = file, url

    def readable(self) -> bool:
        return True

    def seekable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        return self._call(self.file.readinto, buffer)

    def seek(self, offset: int, whence: int = os.SEEK_SET) -> int:
        return self._call(self.file.seek, offset, whence)

    def tell(self) -> int:
        return self._call(self.file.tell)

    def close(self) -> None:
        try:
            if not self.closed:
                self.file.close()
        finally:
            super().close()

    def _call(self, method, *args):
        try:
            return method(*args)
        except OSError:
            raise
        except Exception as exc:
            raise OSError(f"{self.url}: {_first_line(exc)}") from None


class _GzipOfStream(gzip.GzipFile):
    """A gzipped stream read uncompressed; closing it closes the stream."""

    def __init__(self, stream: BinaryIO) -> None:
        super().__init__(fileobj=stream, mode="rb")
        self._stream = stream

    def close(self) -> None:
        try:
            super().close()
        finally:
            self._stream.close()


def open_gzip(path: "Path | StoredFile") -> BinaryIO:
    """The uncompressed content of a gzipped file."""
    return gzip.open(path, "rb") if isinstance(path, Path) else _GzipOfStream(path.open("rb"))


@contextmanager
def arrow_readable(path: "Path | StoredFile") -> Iterator[Any]:
    """What pyarrow reads a file from: a local file's path (pyarrow opens it itself), a stored
    file opened (closed when the block ends)."""
    if isinstance(path, Path):
        yield path
        return
    with path.open("rb") as stream:
        yield stream


def _filesystem(url: str) -> tuple[Any, str]:
    """The fsspec filesystem of a URL and the file's path on it."""
    scheme = URL.match(url).group(1).lower()
    try:
        from fsspec.core import url_to_fs
        from fsspec.registry import known_implementations
    except ImportError:
        raise SourceError(f"{url}: reading a URL needs fsspec: pip install fsspec") from None
    try:
        return url_to_fs(url)
    except ImportError as exc:  # the scheme's backend is not installed
        package = known_implementations.get(scheme, {}).get("class", "").split(".")[0]
        if package and importlib.util.find_spec(package) is None:
            raise SourceError(f"{url}: reading {scheme}:// URLs needs the package {package}, which is "
                              f"not installed: pip install {package}") from None
        raise SourceError(f"{url}: the fsspec filesystem of {scheme}:// URLs cannot be loaded "
                          f"({_first_line(exc)})") from None
    except ValueError as exc:
        if "protocol not known" in str(exc).lower():
            raise SourceError(f"{url}: fsspec knows no filesystem for {scheme}:// URLs (give a local "
                              "path, or a URL of a filesystem fsspec knows: file://, s3://, gs://, "
                              "hf://, ...)") from None
        raise SourceError(f"{url}: cannot open ({_first_line(exc)})") from None
    except Exception as exc:  # a backend that fails to start (bad credentials, configuration)
        raise SourceError(f"{url}: cannot open ({_first_line(exc)})") from None


def _mtime_ns(info: dict) -> int | None:
    """A stored file's modification time in nanoseconds, as its filesystem gives it (each
    names it its own way), or None."""
    for key in ("mtime", "LastModified", "last_modified", "updated", "modified", "created"):
        value = info.get(key)
        if isinstance(value, str):
            try:
                value = datetime.fromisoformat(value.replace("Z", "+00:00"))
            except ValueError:
                continue
        if isinstance(value, datetime):
            return int(value.timestamp() * 1e9)
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            return int(value * 1e9)
    return None


def _first_line(exc: BaseException) -> str:
    text = str(exc).strip()
    return text.splitlines()[0] if text else type(exc).__name__
