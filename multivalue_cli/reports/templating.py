"""The Jinja2 environment the pages are written with: the HTML report, the reviewers' page and
the dataset card, from the template files in ``multivalue_cli/templates/``.

Escaping is the template layer's job, never the job of the code that gathers the values:

- ``.html`` and ``.svg`` templates are autoescaped: every ``{{ value }}`` is written as
  ``html.escape`` writes it (quotes too, so it is safe in text and in quoted attributes);
  ``tojson`` writes JSON for a ``<script>`` element with ``<``, ``>``, ``&`` and ``'`` as
  ``\\u`` escapes, so the data can hold neither ``</script>`` nor ``<!--``;
- ``.md`` templates are plain text, with filters for each Markdown context: ``md`` (text in a
  line), ``code`` (a code span), ``cell`` (a table cell: after ``md`` or ``code``),
  ``fenced`` (a code block), ``py_string`` (a string literal in a Python example), ``shell``
  (a word of a shell command) and ``yaml`` (a YAML document, written by the YAML dumper).

A name the template uses and the code did not give is an error (``StrictUndefined``).
"""
from __future__ import annotations

import html
import json
import re
import shlex
import unicodedata
from functools import lru_cache
from typing import Any

import yaml
from jinja2 import Environment, PackageLoader, StrictUndefined, pass_eval_context, select_autoescape
from jinja2.nodes import EvalContext
from markupsafe import Markup


@pass_eval_context
def _escaped(context: EvalContext, value: Any) -> Any:
    """Every value an autoescaped template writes, escaped as ``html.escape`` escapes it
    (``&quot;`` and ``&#x27;``; markupsafe writes ``&#34;`` and ``&#39;``), so pages are the
    same bytes as before they came from templates. Markup (a macro's output, ``tojson``) is
    already safe."""
    if not context.autoescape or isinstance(value, Markup):
        return value
    return Markup(html.escape(str(value)))


# Markdown text: the marks a value must not bring into the card
_BACKSLASHED = re.compile(r"\\(?=[!-/:-@\[-`{-~])")  # a backslash that would escape the next mark
_ENTITY = re.compile(r"&(?=#?\w+;)")
_MARKS = str.maketrans({"`": "\\`", "*": "\\*", "<": "\\<", "~": "\\~", "#": "\\#"})
_UNDERSCORES = re.compile(r"_+")


def _opens_emphasis(run: re.Match) -> str:
    """A run of ``_`` escaped if it could open emphasis: at the start or after a space or a
    punctuation mark, and before a character that is not a space (``snake_case``, ``a__b``
    and ``x_`` stay as they are)."""
    before = run.string[run.start() - 1] if run.start() else " "
    after = run.string[run.end():run.end() + 1]
    opens = after.strip() and (before.isspace() or unicodedata.category(before)[0] in "PS")
    return run.group().replace("_", "\\_") if opens else run.group()


def markdown_text(value: Any) -> str:
    """``value`` as text inside a line of Markdown: no emphasis, code, HTML, link, entity,
    strikethrough or heading of its own, on one line (a newline would let it start a block)."""
    text = _BACKSLASHED.sub(r"\\\\", " ".join(str(value).splitlines()))
    text = _UNDERSCORES.sub(_opens_emphasis, text.translate(_MARKS))
    return _ENTITY.sub(r"\\&", text).replace("](", "\\](")


def markdown_code(value: Any) -> str:
    """``value`` as a Markdown code span, fenced by more backticks than it holds in a row
    (nothing for an empty value: Markdown has no empty code span)."""
    text = " ".join(str(value).splitlines())
    if not text:
        return ""
    fence = "`" * (max(map(len, re.findall("`+", text)), default=0) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def markdown_cell(value: Any) -> str:
    """Markdown (``md`` or ``code`` output, or a number) as one table cell: ``|`` escaped."""
    return "" if value is None else " ".join(str(value).splitlines()).replace("|", "\\|")


def markdown_fenced(text: str, language: str = "") -> str:
    """``text`` as a fenced code block, the fence longer than any run of backticks in it."""
    fence = "`" * max(3, max(map(len, re.findall("`+", text)), default=0) + 1)
    return f"{fence}{language}\n{text}\n{fence}"


def python_string(value: Any) -> str:
    """A double-quoted Python string literal of ``value`` (JSON's escapes are Python's)."""
    return json.dumps(str(value), ensure_ascii=False)


def shell_word(value: Any) -> str:
    """``value`` as one word of a POSIX shell command, quoted where it needs to be."""
    return shlex.quote(str(value))


def yaml_document(value: Any) -> str:
    """``value`` as block YAML, keys in their order, non-ASCII kept."""
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True)


@lru_cache(maxsize=1)
def environment() -> Environment:
    """The one environment of the pages (each template is compiled once, when first used).
    ``trim_blocks`` and ``lstrip_blocks`` keep a tag's own line out of the page."""
    env = Environment(
        loader=PackageLoader("multivalue_cli", "templates"),
        autoescape=select_autoescape(["html", "svg"], default_for_string=False),
        finalize=_escaped,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.policies["json.dumps_kwargs"] = {"ensure_ascii": False}  # keys in their order
    env.filters.update(md=markdown_text, code=markdown_code, cell=markdown_cell, fenced=markdown_fenced,
                       py_string=python_string, shell=shell_word, yaml=yaml_document)
    return env


def render_template(template: str, **values: Any) -> str:
    """The template file ``template`` of ``multivalue_cli/templates/`` filled with ``values``."""
    return environment().get_template(template).render(**values)
