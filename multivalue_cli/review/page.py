"""The reviewers' page: one self-contained HTML file (inline CSS and script, nothing fetched,
works from ``file://``), every text HTML-escaped. The items are rendered here; the script
(``page.js``) only adds the clicks, the keys, the progress, localStorage and the download."""
from __future__ import annotations

import json
from html import escape
from importlib import resources
from typing import Sequence

POINT = "\u2038"  # shown where text was inserted or deleted


def marked(text: str, edits: Sequence[dict], side: str, tag: str = "mark") -> str:
    """``text`` escaped, each edit span wrapped in ``<tag class="edit" data-edits="e1 e2">``
    (edits that share a span share one mark). ``side`` is ``transformed`` (spans ``start``/
    ``end``) or ``original`` (``original_start``/``original_end``)."""
    first, last = ("start", "end") if side == "transformed" else ("original_start", "original_end")
    spans: dict[tuple[int, int], list[str]] = {}
    for e in edits:
        spans.setdefault((e[first], e[last]), []).append(e["edit"])
    extra = ' type="button" aria-pressed="false"' if tag == "button" else ""
    parts, position = [], 0
    for (start, end), ids in sorted(spans.items()):
        parts.append(escape(text[position:start]))
        inner = escape(text[start:end]) if end > start else POINT
        point = " point" if end == start else ""
        parts.append(f'<{tag} class="edit{point}" data-edits="{" ".join(ids)}"{extra}>{inner}</{tag}>')
        position = end
    parts.append(escape(text[position:]))
    return "".join(parts)


def snippet(item: dict) -> str:
    """The item as an HTML fragment with its marks (the ``html`` column of items.csv)."""
    return (f'<p><b>Standard:</b> {marked(item["original"], item["edits"], "original")}</p>'
            f'<p><b>Rewritten:</b> {marked(item["transformed"], item["edits"], "transformed")}</p>'
            + "".join(f'<p><small>{e["edit"]}: {escape(e["before"]) or "(nothing)"} &rarr; '
                      f'{escape(e["after"]) or "(nothing)"}</small></p>' for e in item["edits"]))


def _asset(name: str) -> str:
    return resources.files("multivalue_cli.review").joinpath(name).read_text("utf-8")


def render_page(items: Sequence[dict], review_id: str, dialect: str, dialect_name: str) -> str:
    data = json.dumps({"review": review_id, "dialect": dialect,
                       "items": [{"item": i["item"], "edits": [e["edit"] for e in i["edits"]]}
                                 for i in items]}, ensure_ascii=False).replace("</", "<\\/")
    title = f"Review: {dialect_name} ({dialect})"
    articles = "\n".join(_article(n, len(items), item) for n, item in enumerate(items, 1))
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>{escape(title)}</title><style>{_asset("page.css")}</style></head><body>
<header class="bar">
<h1>{escape(title)}</h1>
<label>Your name <input id="annotator" autocomplete="name" placeholder="name or initials"></label>
<span id="progress" aria-live="polite">0 of {len(items)} judged</span>
<progress id="progress-bar" max="{len(items)}" value="0"></progress>
<button id="download" type="button">Download judgments</button>
<span id="message" role="status"></span>
</header>
<section class="help">
<p>Each item shows a sentence in Standard English and the same sentence rewritten with features
of <b>{escape(dialect_name)}</b>. The changes are highlighted. If you speak this variety: would
its speakers say the rewritten sentence, in its meaning? <b>Click a change that sounds wrong</b>
(click again to undo), then mark the whole item acceptable or not, and add a comment if you
like. Your marks are kept in this browser when you reload; when you are done, press
<i>Download judgments</i> and send the file back.</p>
<p class="keys">Keys: <kbd>j</kbd>/<kbd>k</kbd> next/previous item, <kbd>1</kbd>&ndash;<kbd>9</kbd>
mark change N wrong, <kbd>y</kbd> acceptable, <kbd>n</kbd> not acceptable, <kbd>c</kbd> comment,
<kbd>Esc</kbd> leave the comment; <kbd>Tab</kbd> and <kbd>Enter</kbd> work too.</p>
</section>
<main>
{articles}
</main>
<script id="review-data" type="application/json">{data}</script>
<script>{_asset("page.js")}</script>
</body></html>
"""


def _article(n: int, total: int, item: dict) -> str:
    ident = escape(item["item"], quote=True)
    count = len({(e["start"], e["end"]) for e in item["edits"]})
    changes = f"{count} change{'s' if count != 1 else ''}" if count else "no change"
    return f"""<article class="item" id="item-{ident}" data-item="{ident}" tabindex="-1">
<h2>Item {n} of {total} <span class="count">{changes}</span></h2>
<p class="text"><span class="label">Standard</span><span class="original">{marked(item["original"], item["edits"], "original")}</span></p>
<p class="text"><span class="label">Rewritten</span><span class="transformed">{marked(item["transformed"], item["edits"], "transformed", tag="button")}</span></p>
<fieldset class="verdict"><legend>Is the rewritten sentence acceptable?</legend>
<label><input type="radio" name="v-{ident}" value="yes"> Acceptable</label>
<label><input type="radio" name="v-{ident}" value="no"> Not acceptable</label>
</fieldset>
<label class="comment">Comment <textarea rows="1" data-comment></textarea></label>
</article>"""
