"""The review's results as rows (shared by the terminal tables and the HTML report)."""
from __future__ import annotations

from typing import Any


def score_text(value: float | None, digits: int = 3) -> str:
    """An accuracy or an agreement as text ("undefined" for None: too few votes to say)."""
    return "undefined" if value is None else f"{value:.{digits}f}"


def review_overview_rows(result: dict) -> list[tuple[str, Any]]:
    """The review in a few (label, value) rows: who judged, how many items, accuracy, agreement."""
    items, controls = result["items"], result["controls"]
    names = ", ".join(f"{n} ({k})" for n, k in result["annotators"].items()) or "-"
    rows = [
        ("annotators (items judged)", names),
        ("items", f"{items['counted']} counted (at least {result['min_votes']} vote(s)) of "
                  f"{items['judged']} judged, {items['exported']} exported"),
        ("transformation accuracy", score_text(result["transformation_accuracy"])),
        ("Krippendorff's alpha, edits", score_text(result["alpha"])),
        ("Krippendorff's alpha, items", score_text(result["alpha_items"])),
        ("ties (counted as not acceptable)", f"{result['ties']['edits']} edits, {result['ties']['items']} items"),
    ]
    if controls["n"]:
        rows.append(("unchanged controls judged acceptable", f"{score_text(controls['accuracy'])} (n={controls['n']})"))
    return rows


def feature_accuracy_rows(result: dict, min_accuracy: float | None = None) -> list[tuple[Any, ...]]:
    """Weakest first; features with no counted instance last."""
    features = result["features"]
    order = sorted(features, key=lambda n: (features[n]["accuracy"] is None,
                                            features[n]["accuracy"] or 0.0, n))
    rows = []
    for name in order:
        f = features[name]
        below = min_accuracy is not None and f["accuracy"] is not None and f["accuracy"] < min_accuracy
        rows.append((name, f["ewave"], "-" if f["accuracy"] is None else f"{f['accuracy']:.3f}",
                     f"{f['acceptable']}/{f['n']}", "off" if below else ""))
    return rows


FEATURE_COLUMNS = ("feature", "eWAVE", "accuracy", "acceptable/n", "dropped")


def print_results(result: dict, console, top: int | None = None) -> None:
    """``result`` (see :func:`..scores.score`) as rich tables on ``console``; features below
    its ``min_accuracy`` (when the import had one) are flagged ``off``."""
    from rich.table import Table
    from rich.text import Text  # a value is shown as it is, never read as Rich markup

    overview = Table(title="Native-speaker review", title_justify="left")
    overview.add_column("")
    overview.add_column("value")
    for label, value in review_overview_rows(result):
        overview.add_row(label, Text(str(value)))
    console.print(overview)
    min_accuracy = result.get("min_accuracy")
    rows = feature_accuracy_rows(result, min_accuracy)
    shown = rows[:top] if top else rows
    title = "Accuracy per feature (instances judged acceptable by a majority), weakest first"
    if len(shown) < len(rows):
        title += f" ({len(shown)} of {len(rows)})"
    columns = FEATURE_COLUMNS if min_accuracy is not None else FEATURE_COLUMNS[:-1]
    table = Table(title=title, title_justify="left")
    for k, col in enumerate(columns):
        table.add_column(col, justify="right" if k in (1, 2, 3) else "left", no_wrap=k == 0)
    for row in shown:
        table.add_row(*(Text(str(v)) for v in row[:len(columns)]))
    console.print(table)
