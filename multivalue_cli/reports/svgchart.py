"""Small bar charts as inline SVG (no scripts, no external resources), for the HTML report."""
from __future__ import annotations

from html import escape
from typing import Sequence

BAR_COLOUR = "#3b6ea8"
TEXT_COLOUR = "#222"
GRID_COLOUR = "#ccc"
FONT = "font-family:system-ui,sans-serif;font-size:12px"


def _number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


def horizontal_bars(title: str, rows: Sequence[tuple[str, float]], *, width: int = 720,
                    label_width: int = 260, bar_height: int = 18, gap: int = 5) -> str:
    """One bar per ``(label, value)``, top to bottom, with the value at the end of the bar."""
    top, bottom, value_room = 28, 8, 70
    height = top + len(rows) * (bar_height + gap) + bottom
    longest = max((v for _, v in rows), default=0) or 1
    scale = (width - label_width - value_room) / longest
    parts = [_open(title, width, height)]
    for k, (label, value) in enumerate(rows):
        y = top + k * (bar_height + gap)
        length = max(value * scale, 1 if value else 0)
        middle = y + bar_height / 2 + 4
        parts.append(
            f'<text x="{label_width - 6}" y="{middle:.1f}" text-anchor="end" fill="{TEXT_COLOUR}">'
            f"{escape(_shorten(label, 40))}<title>{escape(label)}</title></text>"
            f'<rect x="{label_width}" y="{y}" width="{length:.1f}" height="{bar_height}" fill="{BAR_COLOUR}">'
            f"<title>{escape(label)}: {_number(value)}</title></rect>"
            f'<text x="{label_width + length + 4:.1f}" y="{middle:.1f}" fill="{TEXT_COLOUR}">{_number(value)}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def vertical_bars(title: str, rows: Sequence[tuple[str, float]], *, x_label: str = "",
                  y_label: str = "", width: int = 720, height: int = 260) -> str:
    """A column chart (a histogram when the labels are ordered bins)."""
    left, right, top, bottom = 56, 12, 28, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    longest = max((v for _, v in rows), default=0) or 1
    slot = plot_w / max(len(rows), 1)
    parts = [_open(title, width, height),
             f'<line x1="{left}" y1="{top + plot_h}" x2="{width - right}" y2="{top + plot_h}" stroke="{GRID_COLOUR}"/>']
    for k, (label, value) in enumerate(rows):
        bar_h = value / longest * plot_h
        x = left + k * slot + slot * 0.1
        y = top + plot_h - bar_h
        centre = left + k * slot + slot / 2
        parts.append(
            f'<rect x="{x:.1f}" y="{y:.1f}" width="{slot * 0.8:.1f}" height="{bar_h:.1f}" fill="{BAR_COLOUR}">'
            f"<title>{escape(label)}: {_number(value)}</title></rect>"
            f'<text x="{centre:.1f}" y="{y - 3:.1f}" text-anchor="middle" fill="{TEXT_COLOUR}">{_number(value)}</text>'
            f'<text x="{centre:.1f}" y="{top + plot_h + 16}" text-anchor="middle" fill="{TEXT_COLOUR}">'
            f"{escape(label)}</text>"
        )
    if x_label:
        parts.append(f'<text x="{left + plot_w / 2:.1f}" y="{height - 6}" text-anchor="middle" '
                     f'fill="{TEXT_COLOUR}">{escape(x_label)}</text>')
    if y_label:
        parts.append(f'<text x="14" y="{top + plot_h / 2:.1f}" text-anchor="middle" fill="{TEXT_COLOUR}" '
                     f'transform="rotate(-90 14 {top + plot_h / 2:.1f})">{escape(y_label)}</text>')
    parts.append("</svg>")
    return "".join(parts)


def _open(title: str, width: int, height: int) -> str:
    return (f'<svg class="chart" role="img" width="{width}" '
            f'height="{height}" viewBox="0 0 {width} {height}" style="{FONT}">'
            f"<title>{escape(title)}</title>"
            f'<text x="0" y="16" font-weight="bold" fill="{TEXT_COLOUR}">{escape(title)}</text>')


def _shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
