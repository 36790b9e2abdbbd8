"""The statistics behind `simulate`, `compare` and `tournament`, written out from their formulas
so that they need nothing beyond the standard library and give the same floats on every machine.

- Win and draw rates: the **Wilson score interval**. For k successes in n games, p = k/n and
  z the normal quantile of the confidence (1.96 for 95%)::

      centre = (p + z²/2n) / (1 + z²/n)
      half   = z / (1 + z²/n) · sqrt(p(1-p)/n + z²/4n²)

  Unlike p ± z·sqrt(p(1-p)/n) it stays inside [0, 1] and is honest at 0 or n wins.
- Means (score, game length): the Student t interval mean ± t(n-1) · s/sqrt(n), s the sample
  standard deviation.
- Quantiles: the "inclusive" method of :func:`statistics.quantiles` (linear interpolation
  between order statistics, the default of most spreadsheets and of numpy).
- Paired differences (`compare` plays both games on the same seeds): for each game i,
  d_i = variant_i - base_i; the difference of means is mean(d) with the t interval of the d_i,
  which removes the variation the two runs share, and the two-sided p-value of the t test of
  mean(d) = 0.
- Difference of standard deviations (score spread), paired: the delta method. The sample
  standard deviation s is, to first order, s + mean of the influence values
  ((x_i - x̄)² - s²) / 2s; the difference s_v - s_b gets the t interval of the paired
  differences of those influence values. It is exact enough for the thousands of games a
  simulation plays, and costs one pass where a bootstrap would cost thousands.
- Many differences at once: `compare` tests about twenty figures, and at 5% each one in twenty
  true "no change" would be flagged by chance alone. The p-values of one comparison are adjusted
  together by **Holm's step-down procedure** (S. Holm, *A simple sequentially rejective multiple
  test procedure*, Scand. J. Statist. 6, 1979): with the m p-values sorted, p(1) <= ... <= p(m),
  the adjusted one is::

      p_holm(i) = max over j <= i of min(1, (m - j + 1) · p(j))

  and a difference is *significant* when p_holm < 1 - confidence. The chance that any
  difference called significant is in truth no change is then at most 5% (the family-wise
  error rate), whatever the dependence between the figures. That is why Holm and not
  Benjamini-Hochberg: a comparison's figures depend on one another, some negatively (what one
  seat wins another loses), and Benjamini-Hochberg's false discovery rate is guaranteed only
  for independent or positively dependent tests; and with a score of figures the power Holm
  gives up is small. The intervals stay each figure's own 95% intervals, so a figure whose
  interval just excludes zero may be judged not significant among twenty.
- Bootstrap intervals (the ratings of `tournament`): n units (a tournament's deals) are drawn n
  times with replacement, the estimate is computed again on the draw, and the interval is the
  percentile interval of :data:`RESAMPLES` = 200 such estimates: their 2.5% and 97.5% quantiles
  (inclusive method, as above). With 200, each bound has a Monte Carlo standard error of about
  5% of the interval's width (Efron and Tibshirani, *An Introduction to the Bootstrap*, 1993,
  advise 1000 or more for percentiles; 200 keeps the cost to a second or two). Each unit drawn
  is int(random() · n) of ``random.Random(seed)``, whose random() sequence for a seed Python
  guarantees across versions and platforms, so a run gives the same intervals every time.

The Student t distribution is computed through the regularized incomplete beta function
(continued fraction, Numerical Recipes §6.4): P(|T| > t) = I_{df/(df+t²)}(df/2, 1/2).
"""

from __future__ import annotations

import math
import random
import statistics
from statistics import NormalDist
from typing import Callable, Mapping, Sequence

import attrs

CONFIDENCE = 0.95
RESAMPLES = 200  # of a bootstrap (see above for why this many)
_QUANTILES = {"q05": 0, "q25": 4, "median": 9, "q75": 14, "q95": 18}  # cut points of 20 parts


def z_value(confidence: float = CONFIDENCE) -> float:
    return NormalDist().inv_cdf(0.5 + confidence / 2)


def wilson(successes: float, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a proportion; (0, 1) when nothing was observed."""
    if n <= 0:
        return 0.0, 1.0
    z = z_value(confidence)
    p = successes / n
    z2n = z * z / n
    centre = (p + z2n / 2) / (1 + z2n)
    half = z / (1 + z2n) * math.sqrt(p * (1 - p) / n + z2n / (4 * n))
    # At 0 or n successes one bound is exactly 0 or 1; floating point would leave a crumb.
    low = 0.0 if successes == 0 else centre - half
    high = 1.0 if successes == n else centre + half
    return low, high


def mean(values: Sequence[float]) -> float:
    return math.fsum(values) / len(values) if values else math.nan


def stdev(values: Sequence[float], centre: float | None = None) -> float:
    """Sample standard deviation (n - 1); 0 for fewer than two values."""
    n = len(values)
    if n < 2:
        return 0.0
    m = mean(values) if centre is None else centre
    return math.sqrt(math.fsum((x - m) ** 2 for x in values) / (n - 1))


def describe(values: Sequence[float], confidence: float = CONFIDENCE) -> dict:
    """Mean with its t interval, standard deviation, extremes and quantiles of a sample."""
    n = len(values)
    if n == 0:
        return {"n": 0}
    m = mean(values)
    s = stdev(values, m)
    low, high = _t_interval(m, s, n, confidence)
    out = {"n": n, "mean": m, "mean_low": low, "mean_high": high, "stdev": s, "min": min(values)}
    if n == 1:
        out.update({k: values[0] for k in _QUANTILES})
    else:
        cuts = statistics.quantiles(values, n=20, method="inclusive")
        out.update({k: cuts[i] for k, i in _QUANTILES.items()})
    out["max"] = max(values)
    return out


def _t_interval(m: float, s: float, n: int, confidence: float) -> tuple[float | None, float | None]:
    if n < 2:
        return None, None
    half = t_quantile(0.5 + confidence / 2, n - 1) * s / math.sqrt(n)
    return m - half, m + half


def percentile(values: Sequence[float], q: float) -> float:
    """The q-quantile (0 <= q <= 1) by linear interpolation between order statistics (the
    inclusive method of :func:`statistics.quantiles`)."""
    ordered = sorted(values)
    position = (len(ordered) - 1) * q
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (position - below) * (ordered[above] - ordered[below])


def bootstrap_intervals(units: int, estimate: Callable[[list[int]], Mapping[str, float]], seed: int,
                        resamples: int = RESAMPLES, confidence: float = CONFIDENCE) -> dict[str, tuple[float, float]]:
    """Percentile intervals of named estimates. `estimate(times)` computes them from a resample
    of the units 0..units-1, given as how many times each unit was drawn (``times[unit]``)."""
    uniform = random.Random(seed).random
    draws: dict[str, list[float]] = {}
    for _ in range(resamples):
        times = [0] * units
        for _ in range(units):
            times[int(uniform() * units)] += 1
        for name, value in estimate(times).items():
            draws.setdefault(name, []).append(value)
    tail = (1 - confidence) / 2
    return {name: (percentile(values, tail), percentile(values, 1 - tail)) for name, values in draws.items()}


# --- paired differences --------------------------------------------------------------------

@attrs.frozen
class Difference:
    """variant - base, with its interval, its two-sided p-value, that p-value adjusted by Holm's
    procedure among the differences it was judged with (itself alone: the same p-value), and
    whether the adjusted one is below 1 - confidence."""

    base: float
    variant: float
    difference: float
    low: float | None
    high: float | None
    p_value: float
    p_holm: float
    significant: bool

    def to_json(self) -> dict:
        return attrs.asdict(self)


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given."""
    m = len(p_values)
    adjusted = [0.0] * m
    running = 0.0  # the max over the smaller p-values keeps the adjusted ones in the raw order
    for rank, i in enumerate(sorted(range(m), key=lambda i: p_values[i])):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


def judged_together(differences: Sequence[Difference], confidence: float = CONFIDENCE) -> list[Difference]:
    """The differences with their p-values adjusted as one family (Holm) and judged on those."""
    adjusted = holm([d.p_value for d in differences])
    return [attrs.evolve(d, p_holm=p, significant=_significant(p, confidence)) for d, p in zip(differences, adjusted)]


def _significant(p_value: float, confidence: float) -> bool:
    return p_value < 1 - confidence


def paired_difference(base: Sequence[float], variant: Sequence[float],
                      confidence: float = CONFIDENCE) -> Difference:
    """Difference of the means of two paired samples (same games, same seeds)."""
    d = [v - b for b, v in zip(base, variant, strict=True)]
    return _paired(mean(base), mean(variant), mean(d) if d else 0.0, d, confidence)


def paired_stdev_difference(base: Sequence[float], variant: Sequence[float],
                            confidence: float = CONFIDENCE) -> Difference:
    """Difference of the standard deviations of two paired samples (delta method)."""
    sb, sv = stdev(base), stdev(variant)
    d = [v - b for b, v in zip(_influence(base, sb), _influence(variant, sv), strict=True)]
    return _paired(sb, sv, sv - sb, d, confidence)


def _influence(values: Sequence[float], s: float) -> list[float]:
    # A sample without spread has no first-order term: its standard deviation is held at 0.
    if s == 0:
        return [0.0] * len(values)
    m = mean(values)
    var = s * s
    return [((x - m) ** 2 - var) / (2 * s) for x in values]


def _paired(base: float, variant: float, estimate: float, d: list[float], confidence: float) -> Difference:
    """The estimate with the t interval whose standard error is that of the mean of d."""
    n = len(d)
    if n < 2:
        low = high = None
        p = 1.0
    elif (sd := stdev(d)) == 0:
        # Every game differs by the same amount: no doubt about the difference at all.
        low = high = estimate
        p = float(estimate == 0)
    else:
        se = sd / math.sqrt(n)
        half = t_quantile(0.5 + confidence / 2, n - 1) * se
        low, high = estimate - half, estimate + half
        p = t_two_sided_p(estimate / se, n - 1)
    return Difference(base, variant, estimate, low, high, p, p, _significant(p, confidence))


# --- the Student t distribution -------------------------------------------------------------

def t_two_sided_p(t: float, df: float) -> float:
    """P(|T| >= |t|) for Student's t with df degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2, 0.5, df / (df + t * t))


def t_quantile(p: float, df: float) -> float:
    """The t with P(T <= t) = p, for 1/2 <= p < 1 (bisection on the distribution function)."""
    if not 0.5 <= p < 1:
        raise ValueError("t_quantile needs 0.5 <= p < 1")
    tail = 2 * (1 - p)  # the two-sided tail probability of the quantile
    low, high = 0.0, max(1.0, NormalDist().inv_cdf(p))
    while t_two_sided_p(high, df) > tail:
        low, high = high, high * 2
    for _ in range(100):
        mid = (low + high) / 2
        if t_two_sided_p(mid, df) > tail:
            low = mid
        else:
            high = mid
        if high - low < 1e-12 * high:
            break
    return (low + high) / 2


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x)
                     + b * math.log1p(-x))
    # The continued fraction converges quickly only on this side of the mean; use the symmetry
    # I_x(a, b) = 1 - I_{1-x}(b, a) on the other.
    if x < (a + 1) / (a + b + 2):
        return front * _betacf(a, b, x) / a
    return 1 - front * _betacf(b, a, 1 - x) / b


def _betacf(a: float, b: float, x: float) -> float:
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1, a - 1
    c = 1.0
    d = 1 - qab * x / qap
    d = 1 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 100_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1 + aa * d
        d = 1 / (d if abs(d) > tiny else tiny)
        c = 1 + aa / c
        c = c if abs(c) > tiny else tiny
        step = d * c
        h *= step
        if abs(step - 1) < 1e-15:
            break
    return h
