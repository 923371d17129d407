"""The HTML page of ``multivalue report --html``: one self-contained file (inline CSS and SVG,
no scripts, nothing fetched), written by the template ``report.html``, which escapes every
value. Here the summary becomes what the page shows: tables of text, charts, examples."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..io.writers import atomic_write_text
from ..profiles import catalog
from .report import DIALECT_COLUMNS, cell_text, dialect_table_rows, percent, points, run_overview_rows, run_title
from .svgchart import horizontal_bars, vertical_bars
from .templating import render_template

if TYPE_CHECKING:
    from .examples import EditSpan, Example


@dataclass(frozen=True)
class Table:
    """A table of the page: its cells as the text shown; ``numeric`` columns align right."""

    ident: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    numeric: frozenset[int] = frozenset()


@dataclass(frozen=True)
class Marked:
    """A piece of an example's text; with a ``tip``, an edit span (``point``: nothing there)."""

    text: str
    tip: str | None = None
    point: bool = False


def _table_of(ident: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], numeric: Iterable[int] = ()) -> Table:
    return Table(ident, tuple(columns), tuple(tuple(map(cell_text, row)) for row in rows), frozenset(numeric))


def render_report(summary: dict, examples: Sequence["Example"], top: int = 20) -> str:
    """The page, as text."""
    profile = summary["profile"]
    return render_template(
        "report.html",
        title=f"multivalue report: {run_title(summary)}",
        folder=str(summary["folder"]), input=str(summary["input"]), profile_hash=profile.get("hash"),
        warnings=summary.get("warnings", []), version=str(summary["tool"].get("version")),
        overview=_table_of("overview", ("", "value"), run_overview_rows(summary)),
        fields=_table_of("fields", ("field", "texts", "changed", "share changed"),
                         [(f["field"], f["texts"], f["changed"], percent(f["share"])) for f in summary["per_field"]],
                         {1, 2, 3}),
        features=_feature_section(summary, top),
        categories=_category_section(summary),
        distribution=_distribution_section(summary),
        learner=_learner_section(summary) if summary.get("learner") else None,
        review=_review_section(summary["review"], top) if summary.get("review") else None,
        errors=_error_section(summary),
        examples=[_example(example) for example in examples],
        dialects=_dialects_section(summary) if summary.get("dialects") else None,
    )


def _dialects_section(summary: dict) -> dict:
    """The dialects side by side: a chart of the share of texts each changed, and the table."""
    chart = horizontal_bars("Share of texts changed (%)", [(d["dialect"], round(100 * d["share_changed"], 1))
                                                             for d in summary["dialects"]])
    return {"chart": chart, "table": _table_of("dialects", DIALECT_COLUMNS, dialect_table_rows(summary),
                                               {1, 2, 3, 4, 5, 6})}


def _feature_section(summary: dict, top: int) -> dict:
    shown = summary["per_feature"][:top]
    chart = horizontal_bars("Edits per feature", [(f"{f['feature']} ({f['ewave']})" if f["ewave"] else f["feature"],
                                                   f["edits"]) for f in shown])
    rows = [(f["feature"], f["ewave"], f["category"], f["edits"], percent(f["share"])) for f in shown]
    return {"total": len(summary["per_feature"]), "chart": chart,
            "table": _table_of("features", ("feature", "eWAVE", "category", "edits", "share"), rows, {1, 3, 4})}


def _category_section(summary: dict) -> dict:
    cats = summary["per_category"]
    rows = [(c["category"], c["features"], c["edits"], percent(c["share"])) for c in cats]
    return {"chart": horizontal_bars("Edits per category", [(c["category"], c["edits"]) for c in cats]),
            "table": _table_of("categories", ("category", "features", "edits", "share"), rows, {1, 2, 3})}


def _distribution_section(summary: dict) -> dict:
    bins = summary["edits_per_text"]
    chart = vertical_bars("Distribution of edits per text", [(b["edits"], b["texts"]) for b in bins],
                          x_label="edits in a text", y_label="texts")
    rows = [(b["edits"], b["texts"], percent(b["share"])) for b in bins]
    return {"mean": f"{summary['mean_edits_per_text']:.2f}", "chart": chart,
            "table": _table_of("distribution", ("edits", "texts", "share"), rows, {0, 1, 2})}


def _learner_section(summary: dict) -> dict:
    rows = [(r["type"], percent(r["target"], 2), percent(r["achieved"], 2), points(r["difference"]))
            for r in summary["learner"]]
    section: dict[str, Any] = {
        "rates": _table_of("learner", ("type", "target", "achieved", "difference"), rows, {1, 2, 3}),
        "fields": None, "types": None}
    if summary.get("learner_fields"):
        rows = [(f["field"], f["texts"], percent(f["target"], 2), percent(f["achieved"], 2), points(f["difference"]),
                 f["edits"]) for f in summary["learner_fields"]]
        section["fields"] = _table_of("learner-fields", ("field", "texts", "target", "achieved", "difference", "edits"),
                                      rows, {1, 2, 3, 4, 5})
    dist = summary.get("learner_distribution")
    if dist:
        rows = [(r["label"], percent(r["profile"]), percent(r["injected"]), r["edits"]) for r in dist["rows"]]
        section.update(
            total_variation=f"{dist['total_variation']:.3f}",
            types_chart=horizontal_bars("Injected share by ERRANT type",
                                        [(r["label"], r["edits"]) for r in dist["rows"] if r["edits"]]),
            types=_table_of("learner-types", ("ERRANT type", "profile", "injected", "edits"), rows, {1, 2, 3}))
    return section


def _review_section(result: dict, top: int) -> dict:
    from ..review.show import FEATURE_COLUMNS, feature_accuracy_rows, review_overview_rows

    rows = feature_accuracy_rows(result)
    return {"total": len(rows), "overview": _table_of("review", ("", "value"), review_overview_rows(result)),
            "features": _table_of("review-features", FEATURE_COLUMNS[:-1], [r[:-1] for r in rows[:top]], {1, 2, 3})}


def _error_section(summary: dict) -> dict:
    errors = summary["errors"]
    return {"count": errors["count"],
            "table": _table_of("errors", ("example",), ((e,) for e in errors["examples"]))}


def _example(example: "Example") -> dict:
    spans = example.spans()
    about = [f"variant {example.variant}"] if example.variant is not None else []
    return {"row": example.row, "field": example.field, "about": ([example.dialect] if example.dialect else []) + about,
            "original": _marked(example.original, [(s.start, s.end, s) for s in spans]),
            "output": _marked(example.output, [(s.out_start, s.out_end, s) for s in spans]),
            "edits": [{"features": _features_label(s.features), "before": s.before, "after": s.after}
                      for s in spans]}


def _marked(text: str, ranges: list[tuple[int, int, "EditSpan"]]) -> list[Marked]:
    """``text`` in pieces, each range an edit span with its tooltip."""
    parts, position = [], 0
    for start, end, span in ranges:
        parts.append(Marked(text[position:start]))
        tip = f"{_features_label(span.features)}: {span.before!r} → {span.after!r}"
        parts.append(Marked(text[start:end], tip, point=start == end))
        position = end
    parts.append(Marked(text[position:]))
    return parts


def _features_label(features: Sequence[str]) -> str:
    entries = catalog()
    return ", ".join(f"{name} ({entries[name].ewave})" if name in entries else name for name in features)


def write_html(summary: dict, out_html: Path, examples: list[Example], top: int = 20) -> None:
    """Write the report as one self-contained HTML page (inline CSS and SVG, no scripts, no
    external resources)."""
    atomic_write_text(Path(out_html), render_report(summary, examples, top=top))
