"""The statistics of `simulate` and `compare`, checked against published values and against
their own promises (an interval at 95% covers the truth about 95% of the time)."""

import math
import random
import statistics

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardrules.play import stats


def test_wilson_interval_of_half_matches_the_published_value():
    low, high = stats.wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4) and high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_at_no_wins_and_all_wins_touches_the_bound_exactly():
    assert stats.wilson(0, 10) == (0.0, pytest.approx(0.2775, abs=1e-4))
    assert stats.wilson(10, 10) == (pytest.approx(0.7225, abs=1e-4), 1.0)
    assert stats.wilson(0, 0) == (0.0, 1.0)


@given(n=st.integers(1, 10_000), data=st.data())
def test_wilson_interval_holds_the_observed_rate_inside_zero_one(n, data):
    k = data.draw(st.integers(0, n))
    low, high = stats.wilson(k, n)
    assert 0 <= low <= k / n <= high <= 1


def test_wilson_interval_covers_the_true_rate_about_95_percent_of_the_time():
    rng = random.Random(1)
    p, n, runs = 0.3, 200, 2000
    covered = 0
    for _ in range(runs):
        k = sum(rng.random() < p for _ in range(n))
        low, high = stats.wilson(k, n)
        covered += low <= p <= high
    assert 0.93 <= covered / runs <= 0.97


@pytest.mark.parametrize("df, quantile", [(1, 12.7062), (2, 4.3027), (5, 2.5706), (10, 2.2281),
                                          (30, 2.0423), (120, 1.9799)])
def test_t_quantile_matches_the_table(df, quantile):
    assert stats.t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-4)


def test_t_quantile_tends_to_the_normal_one():
    assert stats.t_quantile(0.975, 10**7) == pytest.approx(1.959964, abs=1e-5)
    assert stats.t_quantile(0.5, 7) == pytest.approx(0.0, abs=1e-9)


@given(df=st.integers(1, 10**6), p=st.floats(0.51, 0.9995))
def test_the_two_sided_p_value_of_a_quantile_is_its_tail(df, p):
    t = stats.t_quantile(p, df)
    assert stats.t_two_sided_p(t, df) == pytest.approx(2 * (1 - p), rel=1e-6)


def test_describe_gives_inclusive_quantiles_and_the_t_interval_of_the_mean():
    d = stats.describe(list(range(1, 11)))
    assert (d["n"], d["mean"], d["min"], d["max"]) == (10, 5.5, 1, 10)
    assert d["stdev"] == pytest.approx(statistics.stdev(range(1, 11)))
    assert (d["q05"], d["q25"], d["median"], d["q75"], d["q95"]) == pytest.approx((1.45, 3.25, 5.5, 7.75, 9.55))
    half = 2.2622 * d["stdev"] / math.sqrt(10)  # t(0.975, 9)
    assert d["mean_low"] == pytest.approx(5.5 - half, abs=1e-3)
    assert d["mean_high"] == pytest.approx(5.5 + half, abs=1e-3)


def test_describe_one_value_has_no_interval_and_no_spread():
    d = stats.describe([4.0])
    assert d["mean"] == d["median"] == d["q95"] == 4.0
    assert d["stdev"] == 0 and d["mean_low"] is None


def test_paired_difference_is_the_t_interval_of_the_differences():
    base = [1.0, 2.0, 3.0, 4.0]
    variant = [2.0, 2.5, 4.5, 5.0]  # differences 1, .5, 1.5, 1
    d = stats.paired_difference(base, variant)
    assert (d.base, d.variant, d.difference) == (2.5, 3.5, 1.0)
    half = 3.1824 * statistics.stdev([1, 0.5, 1.5, 1]) / 2  # t(0.975, 3) * s / sqrt(4)
    assert (d.low, d.high) == pytest.approx((1 - half, 1 + half), abs=1e-3)
    assert d.significant and d.p_value < 0.05


def test_a_game_compared_with_itself_differs_in_nothing():
    xs = [float(x % 7) for x in range(50)]
    for d in (stats.paired_difference(xs, xs), stats.paired_stdev_difference(xs, xs)):
        assert (d.difference, d.low, d.high, d.p_value, d.significant) == (0, 0, 0, 1.0, False)


def test_a_constant_shift_is_certain():
    xs = [float(x % 5) for x in range(30)]
    d = stats.paired_difference(xs, [x + 2 for x in xs])
    assert (d.difference, d.low, d.high, d.significant) == (2, 2, 2, True)


def test_paired_stdev_difference_sees_a_doubled_spread():
    rng = random.Random(3)
    base = [rng.gauss(0, 1) for _ in range(2000)]
    d = stats.paired_stdev_difference(base, [2 * x for x in base])
    assert d.difference == pytest.approx(statistics.stdev(base))
    assert d.significant and d.low < d.difference < d.high


def test_paired_stdev_difference_covers_no_change_about_95_percent_of_the_time():
    rng = random.Random(5)
    runs, covered = 400, 0
    for _ in range(runs):
        shared = [rng.gauss(0, 1) for _ in range(300)]
        base = [s + rng.gauss(0, 1) for s in shared]
        variant = [s + rng.gauss(0, 1) for s in shared]  # the same spread, correlated with the base
        d = stats.paired_stdev_difference(base, variant)
        covered += d.low <= 0 <= d.high
    assert 0.91 <= covered / runs <= 0.99
