"""Confidence intervals (no scipy): Wilson score and exact binomial, and means from sums.

:func:`wilson` is vectorised and what the result tables use for proportions; it
is accurate for every count including 0 and ``n``.  :func:`clopper_pearson` is
the exact (conservative) binomial interval, computed by bisection on the
regularized incomplete beta function (a Lentz continued fraction); it is scalar
and meant for small tables.  :func:`mean_interval` is the normal interval of a
mean (or of a paired difference) from its count, sum and sum of squares;
:func:`ratio_interval` the normal (delta-method) interval of a ratio of two
sums over the same units, from their sums of squares and cross products.
:func:`z_score` compares an estimate with a known value.
"""

from __future__ import annotations

import math

import numpy as np

from mjstats.errors import MjStatsError


def normal_quantile(p: float) -> float:
    """Quantile of the standard normal distribution (bisection on ``erfc``, ~1e-15).

    Examples
    --------
    >>> round(normal_quantile(0.975), 6)
    1.959964
    """
    if not 0.0 < p < 1.0:
        raise MjStatsError(f"a quantile level lies strictly between 0 and 1, got {p}")
    lo, hi = -40.0, 40.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if 0.5 * math.erfc(-mid / math.sqrt(2.0)) < p:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15:
            break
    return 0.5 * (lo + hi)


Z95 = normal_quantile(0.975)
"""The two-sided 95% normal quantile."""


def mean_interval(n: int, s: int, sq: int, scale: int = 1) -> tuple[float, float, float, float]:
    """Mean, sd and normal 95% interval of ``x / scale`` from ``n``, ``sum x``, ``sum x^2``.

    NaN where they are not defined: all four with ``n = 0``, the sd and the
    interval with ``n = 1``.

    The variance is formed from exact integers (``n sq - s^2``), so it carries no
    cancellation error however large the sums.  Applied to the sums of paired
    differences it is the paired interval of :func:`mjstats.results.gamestats.pair_rows`.

    Examples
    --------
    >>> m, sd, lo, hi = mean_interval(4, 10, 30)        # x = 1, 2, 3, 4
    >>> m, round(sd, 6), round(float(hi - m), 6)
    (2.5, 1.290994, 1.265151)
    >>> mean_interval(0, 0, 0)[0]
    nan
    >>> mean_interval(1, 4, 16)       # one value: its mean, no spread to measure
    (4.0, nan, nan, nan)
    """
    n, s, sq = int(n), int(s), int(sq)
    if n == 0:
        return float("nan"), float("nan"), float("nan"), float("nan")
    m = s / n / scale
    if n == 1:  # a sample of one says nothing of the spread: no sd, no interval
        return m, float("nan"), float("nan"), float("nan")
    sd = float(np.sqrt((n * sq - s * s) / (n * (n - 1)))) / scale
    se = sd / np.sqrt(n)
    return m, sd, m - Z95 * se, m + Z95 * se


def ratio_interval(n: int, sy: int, sx: int, syy: int, sxy: int, sxx: int
                   ) -> tuple[float, float, float]:
    """Ratio ``sum y / sum x`` over ``n`` units and its normal 95% interval (delta method).

    The units (hands) are independent; ``y`` and ``x`` are measured on each
    (the points of the wins holding a pattern, the points of all wins).  The
    variance of the ratio ``R`` is ``n / (n - 1) * sum (y - R x)^2 / (sum x)^2``,
    formed from exact integers as ``sx^2 syy - 2 sy sx sxy + sy^2 sxx`` so that
    it carries no cancellation error.

    Examples
    --------
    >>> r, lo, hi = ratio_interval(4, 5, 10, 9, 16, 30)   # y = 1, 2, 0, 2; x = 2, 3, 1, 4
    >>> r, round(lo, 4), round(hi, 4)
    (0.5, 0.34, 0.66)
    >>> ratio_interval(0, 0, 0, 0, 0, 0)[0]
    nan
    """
    n, sy, sx, syy, sxy, sxx = (int(v) for v in (n, sy, sx, syy, sxy, sxx))
    if n == 0 or sx == 0:
        return float("nan"), float("nan"), float("nan")
    r = sy / sx
    if n == 1:
        return r, r, r
    e2 = sx * sx * syy - 2 * sy * sx * sxy + sy * sy * sxx  # sx^2 * sum (y - R x)^2
    se = math.sqrt(max(e2, 0) * n / (n - 1)) / (sx * sx)
    return r, r - Z95 * se, r + Z95 * se


def _check(k, n, conf):
    k = np.asarray(k, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    if not 0.0 < conf < 1.0:
        raise MjStatsError(f"confidence level must lie strictly between 0 and 1, got {conf}")
    if np.any(k < 0) or np.any(k > n):
        raise MjStatsError("counts must satisfy 0 <= k <= n")
    return k, n


def wilson(k, n, conf: float = 0.95) -> tuple[np.ndarray, np.ndarray]:
    """Wilson score interval for ``k`` successes in ``n`` trials (vectorised).

    Parameters
    ----------
    k, n : array_like
        Successes and trials; ``n == 0`` gives the interval ``[0, 1]``.
    conf : float
        Two-sided confidence level.

    Returns
    -------
    low, high : ndarray
        Interval bounds.

    Examples
    --------
    >>> lo, hi = wilson(0, 1000)
    >>> float(lo), round(float(hi), 5)
    (0.0, 0.00383)
    >>> lo, hi = wilson([50], [100], conf=0.999)
    >>> [round(float(lo[0]), 4), round(float(hi[0]), 4)]
    [0.3437, 0.6563]
    """
    k, n = _check(k, n, conf)
    z = normal_quantile(0.5 + conf / 2)
    with np.errstate(invalid="ignore", divide="ignore"):
        p = np.where(n > 0, k / np.where(n > 0, n, 1), 0.5)
        nn = np.where(n > 0, n, 1)
        denom = 1 + z * z / nn
        centre = (p + z * z / (2 * nn)) / denom
        half = z * np.sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / denom
    low = np.where(n > 0, np.clip(centre - half, 0, 1), 0.0)
    high = np.where(n > 0, np.clip(centre + half, 0, 1), 1.0)
    low = np.where(k == 0, 0.0, low)
    high = np.where(k == n, 1.0, high)
    return low, high


def _betacf(a: float, b: float, x: float) -> float:
    """Continued fraction of the incomplete beta (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c = 1.0
    d = 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 10_000_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def betainc(a: float, b: float, x: float) -> float:
    """Regularized incomplete beta ``I_x(a, b)`` for ``a, b > 0``.

    Examples
    --------
    >>> round(betainc(2.0, 3.0, 0.4), 10)     # 1 - P(Bin(4, 0.4) <= 1)
    0.5248
    """
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
          + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(ln)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def chi2_sf(x: float, k: int) -> float:
    """``P(X >= x)`` for a chi-square variable with ``k`` degrees of freedom.

    The regularized upper incomplete gamma ``Q(k/2, x/2)``: its series below
    ``k/2 + 1``, its continued fraction (modified Lentz) above.

    Examples
    --------
    >>> round(chi2_sf(3.841458820694124, 1), 12), round(chi2_sf(18.307038053275146, 10), 12)
    (0.05, 0.05)
    """
    if x <= 0.0:
        return 1.0
    a, z = k / 2.0, x / 2.0
    front = math.exp(-z + a * math.log(z) - math.lgamma(a))
    if z < a + 1.0:
        term = total = 1.0 / a
        n = 0
        while abs(term) > abs(total) * 1e-16 and n < 100_000:
            n += 1
            term *= z / (a + n)
            total += term
        return max(0.0, 1.0 - front * total)
    tiny = 1e-300
    b = z + 1.0 - a
    c = 1.0 / tiny
    d = 1.0 / b
    h = d
    for i in range(1, 100_000):
        an = -i * (i - a)
        b += 2.0
        d = an * d + b
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = b + an / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-16:
            break
    return front * h


def beta_quantile(q: float, a: float, b: float) -> float:
    """Quantile of the Beta(a, b) distribution by bisection on :func:`betainc`."""
    lo, hi = 0.0, 1.0
    for _ in range(200):
        mid = 0.5 * (lo + hi)
        if betainc(a, b, mid) < q:
            lo = mid
        else:
            hi = mid
        if hi - lo < 1e-15 * max(mid, 1e-300):
            break
    return 0.5 * (lo + hi)


def clopper_pearson(k: int, n: int, conf: float = 0.95) -> tuple[float, float]:
    """Exact (Clopper-Pearson) binomial interval for ``k`` successes in ``n`` trials.

    Examples
    --------
    >>> lo, hi = clopper_pearson(0, 10)
    >>> lo, round(hi, 4)
    (0.0, 0.3085)
    >>> [round(x, 4) for x in clopper_pearson(5, 10)]
    [0.1871, 0.8129]
    """
    _check(k, n, conf)
    k, n = int(k), int(n)
    alpha = 1.0 - conf
    low = 0.0 if k == 0 else beta_quantile(alpha / 2, k, n - k + 1)
    high = 1.0 if k == n else beta_quantile(1 - alpha / 2, k + 1, n - k)
    return low, high


def z_score(k, n, p) -> np.ndarray:
    """``(k/n - p) / sqrt(p (1 - p) / n)``: the estimate against a known ``p``.

    ``p`` may be NaN (unknown: NaN out).  When ``p`` is 0 or 1 the score is 0 if the
    estimate equals it and infinite otherwise.

    Examples
    --------
    >>> round(float(z_score(60, 100, 0.5)), 12)
    2.0
    """
    k = np.asarray(k, dtype=np.float64)
    n = np.asarray(n, dtype=np.float64)
    p = np.asarray(p, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore"):
        est = k / n
        sd = np.sqrt(p * (1 - p) / n)
        z = (est - p) / sd
        z = np.where(sd > 0, z, np.where(est == p, 0.0, np.inf * np.sign(est - p)))
    return np.where(np.isnan(p), np.nan, z)
