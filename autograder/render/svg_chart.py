"""A bar chart as inline SVG: no script and no fetch, so it shows anywhere."""
from __future__ import annotations

import math
from html import escape

HEIGHT, BAR, GAP, MARGIN = 160, 34, 8, 28


def score_bins(scores: list[float], maximum: float) -> list[tuple[str, int]]:
    """Scores counted in bins of whole points (wider bins when the maximum is large)."""
    width = max(1, math.ceil(maximum / 12))
    count = int(maximum // width) + 1
    bins = [0] * count
    for score in scores:
        bins[min(int(score // width), count - 1)] += 1
    if width == 1:
        return [(f'{i:g}', n) for i, n in enumerate(bins)]
    return [(f'{i * width:g}-{min((i + 1) * width, maximum):g}', n)
            for i, n in enumerate(bins)]


def bar_chart(bars: list[tuple[str, int]], title: str, axis: str) -> str:
    tallest = max((n for _, n in bars), default=0) or 1
    width = MARGIN + len(bars) * (BAR + GAP)
    total = HEIGHT + 2 * MARGIN + 16  # room for the axis title under the labels
    parts = [f'<svg class="chart" role="img" width="{width}" height="{total}" '
             f'viewBox="0 0 {width} {total}" xmlns="http://www.w3.org/2000/svg">',
             f'<title>{escape(title)}</title>']
    for index, (label, count) in enumerate(bars):
        x = MARGIN + index * (BAR + GAP)
        high = round(HEIGHT * count / tallest)
        top = MARGIN + HEIGHT - high
        parts.append(f'<rect class="bar" x="{x}" y="{top}" width="{BAR}" height="{high}" '
                     f'data-label="{escape(label)}" data-count="{count}">'
                     f'<title>{escape(label)}: {count}</title></rect>')
        if count:
            parts.append(f'<text class="label" x="{x + BAR / 2}" y="{top - 4}" '
                         f'text-anchor="middle">{count}</text>')
        parts.append(f'<text class="label" x="{x + BAR / 2}" y="{MARGIN + HEIGHT + 16}" '
                     f'text-anchor="middle">{escape(label)}</text>')
    base = MARGIN + HEIGHT
    parts.append(f'<line class="axis" x1="{MARGIN - 4}" y1="{base}" x2="{width}" '
                 f'y2="{base}"/>')
    parts.append(f'<text class="label" x="{MARGIN}" y="{total - 2}">{escape(axis)}</text>')
    parts.append('</svg>')
    return ''.join(parts)
