"""The statistics of `simulate` and `compare`, checked against published values, against values
computed by hand, and against their own promises (an interval at 95% covers the truth about 95%
of the time)."""

import itertools
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


# --- many differences at once: Holm's adjustment -----------------------------------------------

def test_holm_adjustment_of_a_small_table_computed_by_hand():
    # Holm (1979): sort the m = 4 p-values, multiply the i-th smallest by m - i + 1, and carry
    # the running maximum so that a smaller p-value never gets the larger adjusted one:
    #   0.005 * 4 = 0.02;  0.01 * 3 = 0.03;  0.03 * 2 = 0.06;  0.04 * 1 = 0.04 -> max(0.06, 0.04) = 0.06
    assert stats.holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    # Products above 1 are capped: 0.5 * 2 = 1.0, then 0.6 * 1 = 0.6 -> max(1.0, 0.6) = 1.0.
    assert stats.holm([0.6, 0.5]) == [1.0, 1.0]
    # Ties take the same adjusted value: 0.02 * 3 = 0.06, 0.02 * 2 = 0.04 -> 0.06, 0.5 * 1 -> 0.5.
    assert stats.holm([0.02, 0.5, 0.02]) == pytest.approx([0.06, 0.5, 0.06])
    assert stats.holm([0.03]) == [0.03] and stats.holm([]) == []


@given(st.lists(st.floats(0, 1), max_size=30))
def test_holm_adjusted_p_values_are_at_least_the_raw_at_most_one_and_keep_their_order(p_values):
    adjusted = stats.holm(p_values)
    m = len(p_values)
    for p, a in zip(p_values, adjusted):
        assert p <= a <= min(1.0, m * p), "between the raw p-value and Bonferroni's"
    for (p, a), (q, b) in itertools.product(zip(p_values, adjusted), repeat=2):
        if p <= q:
            assert a <= b


def difference(p_value: float) -> stats.Difference:
    return stats.Difference(0.0, 1.0, 1.0, 0.5, 1.5, p_value, p_value, p_value < 0.05)


def test_differences_judged_together_are_significant_by_their_holm_p_value():
    # Sorted: 0.01 * 4 = 0.04 (significant); 0.03 * 3 = 0.09, 0.04 * 2 = 0.08 -> 0.09; 0.2 -> 0.2.
    judged = stats.judged_together([difference(p) for p in (0.03, 0.01, 0.2, 0.04)])
    assert [d.p_value for d in judged] == [0.03, 0.01, 0.2, 0.04], "the raw p-values are kept"
    assert [d.p_holm for d in judged] == pytest.approx([0.09, 0.04, 0.2, 0.09])
    assert [d.significant for d in judged] == [False, True, False, False]


def test_a_difference_judged_alone_keeps_its_p_value():
    d = stats.paired_difference([1.0, 2.0, 3.0, 4.0], [2.0, 2.5, 4.5, 5.0])
    assert d.p_holm == d.p_value < 0.05 and d.significant


# --- bootstrap intervals -----------------------------------------------------------------------

def test_percentile_interpolates_like_the_inclusive_quantiles():
    values = [7.0, 1.0, 3.0, 10.0, 4.0, 2.0, 9.0]
    cuts = statistics.quantiles(values, n=40, method="inclusive")
    assert stats.percentile(values, 0.025) == pytest.approx(cuts[0])
    assert stats.percentile(values, 0.975) == pytest.approx(cuts[-1])
    assert (stats.percentile(values, 0), stats.percentile(values, 1), stats.percentile(values, 0.5)) == (1, 10, 4)


def test_a_bootstrap_of_a_mean_agrees_with_its_t_interval():
    rng = random.Random(2)
    sample = [rng.gauss(10, 3) for _ in range(400)]

    def mean_of(times):
        return {"mean": sum(x * n for x, n in zip(sample, times)) / len(sample)}

    (low, high), = stats.bootstrap_intervals(len(sample), mean_of, seed=0).values()
    d = stats.describe(sample)
    assert low == pytest.approx(d["mean_low"], abs=0.1) and high == pytest.approx(d["mean_high"], abs=0.1)
    assert stats.bootstrap_intervals(len(sample), mean_of, seed=0) == {"mean": (low, high)}, "seeded: repeatable"
