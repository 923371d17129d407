"""Small bar charts for the HTML report: where each bar and label goes. The template
``charts.svg`` draws them as inline SVG (no scripts, no external resources), escaping the text.

Every coordinate is given as the text the SVG holds (one decimal where it is not whole)."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence


@dataclass(frozen=True)
class Bar:
    label: str
    value: str  # as shown: thousands separated, two decimals unless whole
    x: str
    y: str
    width: str
    height: str
    value_x: str  # where the value is written
    value_y: str
    label_x: str = ""  # where the label is written (vertical charts: under the bar)
    label_y: str = ""


@dataclass(frozen=True)
class Chart:
    title: str
    width: int
    height: int
    bars: tuple[Bar, ...]
    baseline: tuple[int, int, int] | None = None  # vertical charts: y, x from, x to
    x_label: tuple[str, str, int] | None = None  # text, x, y
    y_label: tuple[str, int, str] | None = None  # text, x, y


def _shown_number(value: float) -> str:
    return f"{value:,}" if isinstance(value, int) else f"{value:,.2f}"


def horizontal_bars(title: str, rows: Sequence[tuple[str, float]], *, width: int = 720,
                    label_width: int = 260, bar_height: int = 18, gap: int = 5) -> Chart:
    """One bar per ``(label, value)``, top to bottom, with the value at the end of the bar."""
    top, bottom, value_room = 28, 8, 70
    height = top + len(rows) * (bar_height + gap) + bottom
    longest = max((v for _, v in rows), default=0) or 1
    scale = (width - label_width - value_room) / longest
    bars = []
    for k, (label, value) in enumerate(rows):
        y = top + k * (bar_height + gap)
        length = max(value * scale, 1 if value else 0)
        middle = f"{y + bar_height / 2 + 4:.1f}"
        bars.append(Bar(label, _shown_number(value), x=str(label_width), y=str(y), width=f"{length:.1f}",
                        height=str(bar_height), value_x=f"{label_width + length + 4:.1f}", value_y=middle,
                        label_x=str(label_width - 6), label_y=middle))
    return Chart(title, width, height, tuple(bars))


def vertical_bars(title: str, rows: Sequence[tuple[str, float]], *, x_label: str = "",
                  y_label: str = "", width: int = 720, height: int = 260) -> Chart:
    """A column chart (a histogram when the labels are ordered bins)."""
    left, right, top, bottom = 56, 12, 28, 44
    plot_w, plot_h = width - left - right, height - top - bottom
    longest = max((v for _, v in rows), default=0) or 1
    slot = plot_w / max(len(rows), 1)
    bars = []
    for k, (label, value) in enumerate(rows):
        bar_h = value / longest * plot_h
        y = top + plot_h - bar_h
        centre = f"{left + k * slot + slot / 2:.1f}"
        bars.append(Bar(label, _shown_number(value), x=f"{left + k * slot + slot * 0.1:.1f}", y=f"{y:.1f}",
                        width=f"{slot * 0.8:.1f}", height=f"{bar_h:.1f}", value_x=centre,
                        value_y=f"{y - 3:.1f}", label_x=centre, label_y=str(top + plot_h + 16)))
    return Chart(title, width, height, tuple(bars), baseline=(top + plot_h, left, width - right),
                 x_label=(x_label, f"{left + plot_w / 2:.1f}", height - 6) if x_label else None,
                 y_label=(y_label, 14, f"{top + plot_h / 2:.1f}") if y_label else None)
