"""Parquet files in row groups, so that several processes can read one input in parts.

A Parquet file's footer says how many rows each of its row groups holds
(:func:`row_group_sizes`, no data read). From those, :func:`row_group_shards` works out which
row groups (and which rows of them) hold rows ``[k x S, (k+1) x S)`` of the input, the files
taken one after another as :func:`.sources.open_source` reads them; :func:`rows_of_shard` reads
them, each row as a reader of the whole input gives it (fields kept as JSON text given back as
their values). Row numbers, and so each row's randomness, do not depend on who reads. A file
may be local or named by a URL (:mod:`.storage`).
"""
from __future__ import annotations

import math
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Iterator, Sequence

from .badrecords import SourceError
from .sources import BATCH_ROWS, PARQUET_STREAMING
from .storage import StoredFile, arrow_readable


@dataclass(frozen=True)
class RowGroupPiece:
    """``take`` rows of row group ``group`` of file ``file`` (an index into the input's
    files), from its row ``skip``."""

    file: int
    group: int
    skip: int
    take: int


@dataclass(frozen=True)
class RowGroupShard:
    """Shard ``index``: ``rows`` rows from ``first_row``, read from ``pieces`` in order."""

    index: int
    first_row: int
    rows: int
    pieces: tuple[RowGroupPiece, ...]


def row_group_sizes(path: "Path | StoredFile", where: str) -> list[int]:
    """The number of rows of each row group of a Parquet file, from its footer."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    try:
        with arrow_readable(path) as readable:
            metadata = pq.ParquetFile(readable).metadata
        return [metadata.row_group(k).num_rows for k in range(metadata.num_row_groups)]
    except (pa.ArrowException, OSError) as exc:
        raise SourceError(f"{where}: not a readable Parquet file ({exc})") from None


def row_group_shards(sizes: Sequence[Sequence[int]], shard_size: int, total: int) -> list[RowGroupShard]:
    """The pieces of each shard of the first ``total`` rows of files whose row groups hold
    ``sizes[file][group]`` rows."""
    groups = [(f, g, n) for f, per_file in enumerate(sizes) for g, n in enumerate(per_file) if n]
    shards: list[RowGroupShard] = []
    position = base = 0  # the group the next row is in, and the input row it starts with
    for index in range(math.ceil(total / shard_size)):
        first = index * shard_size
        end = min(first + shard_size, total)
        pieces, row = [], first
        while row < end:
            while row >= base + groups[position][2]:
                base += groups[position][2]
                position += 1
            file, group, count = groups[position]
            take = min(end, base + count) - row
            pieces.append(RowGroupPiece(file, group, row - base, take))
            row += take
        shards.append(RowGroupShard(index, first, end - first, tuple(pieces)))
    return shards


def rows_of_shard(files: Sequence["Path | StoredFile"], shard: RowGroupShard, names: Sequence[str]) -> Iterator[dict]:
    """The records of a shard's rows, read from their row groups only (``names``: the files
    as the user named them, for messages)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from .jsoncolumns import JsonColumns

    opened: dict[int, tuple] = {}
    with ExitStack() as files_open:
        for piece in shard.pieces:
            try:
                if piece.file not in opened:
                    files_open.close()  # the file read before, if any
                    readable = files_open.enter_context(arrow_readable(files[piece.file]))
                    data = pq.ParquetFile(readable, **PARQUET_STREAMING)
                    opened = {piece.file: (data, JsonColumns(data.schema_arrow))}
                data, json_columns = opened[piece.file]
                batches = data.iter_batches(batch_size=BATCH_ROWS, row_groups=[piece.group])
                rows = (row for batch in batches for row in batch.to_pylist())
                for row in islice(rows, piece.skip, piece.skip + piece.take):
                    yield json_columns.decode(row) if json_columns else row
            except (pa.ArrowException, OSError, ValueError) as exc:
                raise SourceError(f"{names[piece.file]}: cannot read Parquet data ({exc})") from None
