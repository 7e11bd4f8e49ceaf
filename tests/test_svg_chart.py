from __future__ import annotations

from autograder.render.svg_chart import bar_chart, score_bins


def test_scores_fall_in_whole_point_bins() -> None:
    assert score_bins([0, 0.9, 3, 10, 10], 10) == [
        ('0', 2), ('1', 0), ('2', 0), ('3', 1), ('4', 0), ('5', 0), ('6', 0), ('7', 0),
        ('8', 0), ('9', 0), ('10', 2)]


def test_a_large_maximum_gets_wider_bins() -> None:
    bins = score_bins([0, 55, 100], 100)
    assert bins[0] == ('0-9', 1) and bins[6] == ('54-63', 1) and bins[-1] == ('99-100', 1)
    assert len(bins) == 12


def test_bars_are_as_tall_as_their_counts() -> None:
    svg = bar_chart([('0', 1), ('1', 2), ('2', 0)], 'scores', 'points')
    assert svg.startswith('<svg class="chart" role="img"')
    assert 'height="80" data-label="0" data-count="1"' in svg
    assert 'height="160" data-label="1" data-count="2"' in svg
    assert 'height="0" data-label="2" data-count="0"' in svg
