"""The HTML page of ``multivalue report --html``: one self-contained file (inline CSS and SVG,
no scripts, nothing fetched), every value HTML-escaped."""
from __future__ import annotations

from html import escape
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from ..io.writers import atomic_write_text
from ..profiles import catalog
from .report import overview_rows, run_title
from .svgchart import horizontal_bars, vertical_bars

if TYPE_CHECKING:
    from .examples import EditSpan, Example

CSS = """
body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:2rem auto;max-width:60rem;
     padding:0 1rem;color:#222;line-height:1.45}
h1{font-size:1.6rem;margin-bottom:.2rem}
h2{font-size:1.2rem;margin-top:2.2rem;border-bottom:1px solid #ddd;padding-bottom:.2rem}
p.meta{color:#555;margin-top:0}
table{border-collapse:collapse;margin:.6rem 0 1rem;font-size:.92rem}
th,td{border:1px solid #ddd;padding:.25rem .6rem;text-align:left;vertical-align:top}
th{background:#f3f5f8}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
svg.chart{display:block;max-width:100%;height:auto;margin:.6rem 0}
.example{border:1px solid #ddd;border-radius:6px;padding:.6rem .8rem;margin:.8rem 0}
.example h3{font-size:.9rem;margin:0 0 .4rem;color:#555;font-weight:600}
.text{margin:.2rem 0;white-space:pre-wrap;word-break:break-word}
.label{display:inline-block;width:4.5rem;color:#777;font-size:.85rem}
mark.before{background:#fbd5d5;text-decoration:line-through;text-decoration-color:#a33}
mark.after{background:#cdeccd}
mark.point{background:none;color:#a33;font-weight:bold}
mark.point::after{content:"\\2038"}
ul.edits{margin:.3rem 0 0;padding-left:1.2rem;font-size:.85rem;color:#444}
code{background:#f3f3f3;padding:0 .2rem;border-radius:3px}
.warning{color:#8a5300}
"""


def render_page(summary: dict, examples: Sequence["Example"], top: int = 20) -> str:
    profile = summary["profile"]
    title = f"multivalue report: {run_title(summary)}"
    hashed = f" · profile {escape(str(profile['hash']))}" if profile.get("hash") else ""
    sections = [
        f"<h1>{escape(title)}</h1>",
        f'<p class="meta">{escape(str(summary["folder"]))} · input {escape(str(summary["input"]))}{hashed}</p>',
        *(f'<p class="warning">warning: {escape(w)}</p>' for w in summary.get("warnings", [])),
        _section("overview", "Overview", _overview(summary)),
        _section("fields", "Texts per field", _fields(summary)),
        _section("features", "Edits per feature", _features(summary, top)),
        _section("categories", "Edits per category", _categories(summary)),
        _section("distribution", "Edits per text", _distribution(summary)),
    ]
    if summary.get("learner"):
        sections.append(_section("learner", "Learner errors: achieved vs target rate", _learner(summary)))
    if summary.get("review"):
        sections.append(_section("review", "Native-speaker review", _review(summary["review"], top)))
    sections.append(_section("errors", "Errors", _errors(summary)))
    sections.append(_section("examples", f"Examples ({len(examples)})", _examples(examples)))
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            '<meta name="viewport" content="width=device-width,initial-scale=1">'
            f"<title>{escape(title)}</title><style>{CSS}</style></head><body>\n"
            + "\n".join(sections)
            + f'\n<footer><p class="meta">multivalue {escape(str(summary["tool"].get("version")))}'
            "</p></footer></body></html>\n")


def _section(ident: str, heading: str, body: str) -> str:
    return f'<section id="{ident}"><h2>{escape(heading)}</h2>\n{body}\n</section>'


def _table(ident: str, columns: Sequence[str], rows: Iterable[Sequence[Any]], numeric: set[int]) -> str:
    head = "".join(f'<th{_num(k, numeric)}>{escape(c)}</th>' for k, c in enumerate(columns))
    body = "".join(
        "<tr>" + "".join(f"<td{_num(k, numeric)}>{escape(_text(v))}</td>" for k, v in enumerate(row)) + "</tr>"
        for row in rows
    )
    return f'<table id="{ident}-table"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>'


def _num(column: int, numeric: set[int]) -> str:
    return ' class="num"' if column in numeric else ""


def _text(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value)


def _percent(share: float) -> str:
    return f"{100 * share:.1f}%"


def _overview(summary: dict) -> str:
    return _table("overview", ("", "value"), overview_rows(summary), set())


def _fields(summary: dict) -> str:
    rows = [(f["field"], f["texts"], f["changed"], _percent(f["share"])) for f in summary["per_field"]]
    return _table("fields", ("field", "texts", "changed", "share changed"), rows, {1, 2, 3})


def _features(summary: dict, top: int) -> str:
    shown = summary["per_feature"][:top]
    note = ""
    if len(summary["per_feature"]) > len(shown):
        note = f"<p>The {len(shown)} most frequent of {len(summary['per_feature'])} features.</p>"
    chart = horizontal_bars("Edits per feature", [(f"{f['feature']} ({f['ewave']})" if f["ewave"] else f["feature"],
                                                   f["edits"]) for f in shown])
    rows = [(f["feature"], f["ewave"], f["category"], f["edits"], _percent(f["share"])) for f in shown]
    return note + chart + _table("features", ("feature", "eWAVE", "category", "edits", "share"), rows, {1, 3, 4})


def _categories(summary: dict) -> str:
    cats = summary["per_category"]
    chart = horizontal_bars("Edits per category", [(c["category"], c["edits"]) for c in cats])
    rows = [(c["category"], c["features"], c["edits"], _percent(c["share"])) for c in cats]
    return chart + _table("categories", ("category", "features", "edits", "share"), rows, {1, 2, 3})


def _distribution(summary: dict) -> str:
    bins = summary["edits_per_text"]
    chart = vertical_bars("Distribution of edits per text", [(b["edits"], b["texts"]) for b in bins],
                          x_label="edits in a text", y_label="texts")
    mean = f"<p>Mean: {summary['mean_edits_per_text']:.2f} edits per text.</p>"
    rows = [(b["edits"], b["texts"], _percent(b["share"])) for b in bins]
    return mean + chart + _table("distribution", ("edits", "texts", "share"), rows, {0, 1, 2})


def _learner(summary: dict) -> str:
    rows = [(r["type"], _rate(r["target"]), _rate(r["achieved"]), _points(r["difference"]))
            for r in summary["learner"]]
    out = _table("learner", ("type", "target", "achieved", "difference"), rows, {1, 2, 3})
    if summary.get("learner_fields"):
        rows = [(f["field"], f["texts"], _rate(f["target"]), _rate(f["achieved"]), _points(f["difference"]), f["edits"])
                for f in summary["learner_fields"]]
        out += ("<h3>Per field</h3>"
                + _table("learner-fields", ("field", "texts", "target", "achieved", "difference", "edits"), rows, {1, 2, 3, 4, 5}))
    dist = summary.get("learner_distribution")
    if dist:
        chart = horizontal_bars("Injected share by ERRANT type", [(r["label"], r["edits"]) for r in dist["rows"] if r["edits"]])
        rows = [(r["label"], _percent(r["profile"]), _percent(r["injected"]), r["edits"]) for r in dist["rows"]]
        out += (f"<h3>ERRANT types: injected vs the profile's shares (total variation distance "
                f"{dist['total_variation']:.3f})</h3>" + chart
                + _table("learner-types", ("ERRANT type", "profile", "injected", "edits"), rows, {1, 2, 3}))
    return out


def _rate(value: Any) -> str:
    return f"{100 * value:.2f}%" if isinstance(value, (int, float)) else _text(value)


def _points(value: Any) -> str:
    return f"{100 * value:+.2f} pp" if isinstance(value, (int, float)) else _text(value)


def _review(result: dict, top: int) -> str:
    from ..review.show import FEATURE_COLUMNS, feature_rows, overview_rows

    rows = feature_rows(result)
    note = f"<p>The {top} weakest of {len(rows)} features.</p>" if len(rows) > top else ""
    return (_table("review", ("", "value"), overview_rows(result), set()) + note
            + _table("review-features", FEATURE_COLUMNS[:-1], [r[:-1] for r in rows[:top]], {1, 2, 3}))


def _errors(summary: dict) -> str:
    errors = summary["errors"]
    if not errors["count"]:
        return "<p>No errors: every record was transformed.</p>"
    intro = f"<p>{errors['count']} record(s) were not transformed (see <code>errors.jsonl</code>).</p>"
    return intro + _table("errors", ("example",), ((e,) for e in errors["examples"]), set())


# ------------------------------------------------------------------------------ examples


def _examples(examples: Sequence["Example"]) -> str:
    if not examples:
        return "<p>No text was changed.</p>"
    return ('<p>Texts drawn at random among the changed ones. <mark class="before">Struck</mark> '
            'text was replaced or removed, <mark class="after">green</mark> text is new, '
            '<mark class="point"></mark> marks an insertion or a deletion point.</p>'
            + "".join(_example(ex) for ex in examples))


def _example(example: "Example") -> str:
    spans = example.spans()
    original = _highlight(example.original, [(s.start, s.end, s) for s in spans], "before")
    output = _highlight(example.output, [(s.out_start, s.out_end, s) for s in spans], "after")
    items = "".join(
        f"<li>{escape(_features_label(s.features))}: {_quoted(s.before)} → {_quoted(s.after)}</li>"
        for s in spans)
    return (f'<div class="example"><h3>row {example.row} · {escape(example.field)}</h3>'
            f'<div class="text"><span class="label">before</span>{original}</div>'
            f'<div class="text"><span class="label">after</span>{output}</div>'
            f'<ul class="edits">{items}</ul></div>')


def _quoted(text: str) -> str:
    return f"<code>{escape(text)}</code>" if text else "<em>nothing</em>"


def _highlight(text: str, ranges: list[tuple[int, int, "EditSpan"]], kind: str) -> str:
    """``text`` escaped, with each range wrapped in ``<mark>`` (an empty range: a point marker)."""
    parts, position = [], 0
    for start, end, span in ranges:
        parts.append(escape(text[position:start]))
        tip = escape(f"{_features_label(span.features)}: {span.before!r} → {span.after!r}", quote=True)
        if start == end:
            parts.append(f'<mark class="point" title="{tip}"></mark>')
        else:
            parts.append(f'<mark class="{kind}" title="{tip}">{escape(text[start:end])}</mark>')
        position = end
    parts.append(escape(text[position:]))
    return "".join(parts)


def _features_label(features: Sequence[str]) -> str:
    entries = catalog()
    return ", ".join(f"{name} ({entries[name].ewave})" if name in entries else name for name in features)


def write_html(summary: dict, out_html: Path, examples: list[Example], top: int = 20) -> None:
    """Write the report as one self-contained HTML page (inline CSS and SVG, no scripts, no
    external resources)."""
    atomic_write_text(Path(out_html), render_page(summary, examples, top=top))
