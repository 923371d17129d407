"""Reading a review folder and the reviewers' judgment files.

A judgment file is the page's download, ``{"review": id, "annotator": name, "judgments":
[{"item", "wrong_edits", "acceptable", "comment"}]}`` (``review`` optional), or a CSV with the
columns ``annotator,item,wrong_edits,acceptable`` (and optionally ``comment``; edit ids in
``wrong_edits`` separated by ``;``, ``acceptable`` true/false, yes/no or 1/0). An entry with
wrong edits and no verdict is not acceptable; one with neither (a comment alone) is no vote.
Unknown items or edits, a file made for another export, and an annotator judging one item
twice are errors that name the file and the entry.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterator, Sequence

from ..io import jsontext
from . import ReviewError

CSV_REQUIRED = ("annotator", "item", "wrong_edits", "acceptable")
# a cell a spreadsheet would run as a formula starts with one of these (OWASP's list); written
# with a leading ' (and so is a cell that starts with ' itself, so that reading back is exact)
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r", "'")


def spreadsheet_safe(cell: str) -> str:
    """``cell`` as a CSV cell no spreadsheet runs as a formula: a leading ``'`` when it starts
    with ``=``, ``+``, ``-``, ``@``, a tab, a carriage return or ``'`` (:func:`from_spreadsheet`
    takes it off)."""
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def from_spreadsheet(cell: str | None) -> str | None:
    """A cell as :func:`spreadsheet_safe` was given it (a spreadsheet that saved the file again
    has already taken the ``'`` off: such a cell is kept as it is)."""
    return cell[1:] if cell is not None and cell[:1] == "'" and cell[1:].startswith(FORMULA_STARTS) else cell
TRUE = {"true", "yes", "1", "y"}
FALSE = {"false", "no", "0", "n"}


@dataclass(frozen=True)
class Judgment:
    annotator: str
    item: str
    wrong_edits: tuple[str, ...]
    acceptable: bool | None  # None: no verdict (a comment alone)
    comment: str
    where: str  # file and entry, for messages


def load_review(folder: Path) -> tuple[dict, dict[str, dict]]:
    """``review.json`` and the items of a review folder (by item id), checked against each other."""
    folder = Path(folder)
    try:
        meta = json.loads((folder / "review.json").read_text("utf-8"))
        raw = (folder / "items.jsonl").read_bytes()
    except FileNotFoundError as exc:
        raise ReviewError(f"{folder} is not a review folder of `multivalue review export` "
                          f"({Path(exc.filename).name} is missing)") from None
    except (OSError, ValueError) as exc:
        raise ReviewError(f"{folder}/review.json: cannot read it ({exc})") from None
    if hashlib.sha256(raw).hexdigest()[:16] != meta.get("review"):
        raise ReviewError(f"{folder}/items.jsonl changed since it was exported; export again")
    items = {}
    for line in jsontext.lines(raw.decode("utf-8")):
        item = json.loads(line)
        items[item["item"]] = item
    return meta, items


def read_judgments(paths: Sequence[Path], meta: dict, items: dict[str, dict]) -> list[Judgment]:
    """Every judgment of the files, validated against the review's items."""
    judgments: list[Judgment] = []
    seen: dict[tuple[str, str], str] = {}
    for path in paths:
        for j in _read_file(Path(path), meta):
            _check_against_items(j, items)
            earlier = seen.setdefault((j.annotator, j.item), j.where)
            if earlier != j.where:
                raise ReviewError(f"{j.where}: {j.annotator!r} judged item {j.item} already "
                                  f"({earlier}); keep one of the two")
            judgments.append(j)
    return judgments


def _read_file(path: Path, meta: dict) -> Iterator[Judgment]:
    try:
        text = path.read_bytes().decode("utf-8-sig")  # a CSV cell's own line breaks kept as they are
    except (OSError, UnicodeDecodeError) as exc:
        raise ReviewError(f"{path}: cannot read it ({getattr(exc, 'strerror', None) or exc})") from None
    if path.suffix.lower() == ".csv":
        yield from _read_csv(path, text)
    else:
        yield from _read_json(path, text, meta)


def _read_json(path: Path, text: str, meta: dict) -> Iterator[Judgment]:
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise ReviewError(f"{path}: not JSON ({exc}); a judgment file is the review page's "
                          "download or a CSV") from None
    if not isinstance(data, dict) or not isinstance(data.get("judgments"), list):
        raise ReviewError(f"{path}: expected {{\"annotator\": ..., \"judgments\": [...]}}")
    if data.get("review") not in (None, meta.get("review")):
        raise ReviewError(f"{path}: made for another review export (id {data['review']}, this "
                          f"folder's is {meta.get('review')})")
    annotator = _annotator(data.get("annotator"), str(path))
    for n, entry in enumerate(data["judgments"], 1):
        where = f"{path}, judgment {n}"
        if not isinstance(entry, dict):
            raise ReviewError(f"{where}: expected an object with item, wrong_edits, acceptable")
        wrong = entry.get("wrong_edits") or []
        if not isinstance(wrong, list) or not all(isinstance(e, str) for e in wrong):
            raise ReviewError(f"{where}: wrong_edits must be a list of edit ids")
        acceptable = entry.get("acceptable")
        if acceptable is not None and not isinstance(acceptable, bool):
            raise ReviewError(f"{where}: acceptable must be true, false or null, not {acceptable!r}")
        yield _judgment(annotator, entry.get("item"), wrong, acceptable, entry.get("comment"), where)


def _read_csv(path: Path, text: str) -> Iterator[Judgment]:
    reader = csv.DictReader(io.StringIO(text, newline=""))
    missing = [c for c in CSV_REQUIRED if c not in (reader.fieldnames or [])]
    if missing:
        raise ReviewError(f"{path}: missing column(s) {', '.join(missing)}; expected "
                          f"{','.join(CSV_REQUIRED)}")
    for cells in reader:
        row = {name: from_spreadsheet(cell) for name, cell in cells.items()}
        where = f"{path}, line {reader.line_num}"
        wrong = [e.strip() for e in (row["wrong_edits"] or "").split(";") if e.strip()]
        yield _judgment(_annotator(row["annotator"], where), row["item"], wrong,
                        _verdict(row["acceptable"], where), row.get("comment"), where)


def _annotator(value: Any, where: str) -> str:
    if not isinstance(value, str) or not value.strip():
        raise ReviewError(f"{where}: no annotator name")
    return value.strip()


def _verdict(value: str | None, where: str) -> bool | None:
    word = (value or "").strip().lower()
    if word in TRUE:
        return True
    if word in FALSE:
        return False
    if not word:
        return None
    raise ReviewError(f"{where}: acceptable must be true or false (or empty), not {value!r}")


def _judgment(annotator: str, item: Any, wrong: list[str], acceptable: bool | None,
              comment: Any, where: str) -> Judgment:
    if not isinstance(item, str) or not item:
        raise ReviewError(f"{where}: no item id")
    if acceptable is None and wrong:
        acceptable = False  # a change marked wrong makes the item unacceptable
    return Judgment(annotator, item, tuple(dict.fromkeys(wrong)), acceptable,
                    comment if isinstance(comment, str) else "", where)


def _check_against_items(j: Judgment, items: dict[str, dict]) -> None:
    """The judgment names an item of this review, and only edits that item has."""
    item = items.get(j.item)
    if item is None:
        raise ReviewError(f"{j.where}: unknown item id {j.item!r} (not in this review's "
                          "items.jsonl; was the file made for another export?)")
    known = [e["edit"] for e in item["edits"]]
    unknown = [e for e in j.wrong_edits if e not in known]
    if unknown:
        raise ReviewError(f"{j.where}: item {j.item} has no edit {', '.join(unknown)} "
                          f"(its edits: {', '.join(known) or 'none'})")
