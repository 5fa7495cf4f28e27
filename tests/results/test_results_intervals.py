"""Intervals and result tables against direct computations."""

import math

import numpy as np
import pandas as pd
import pytest

from mjstats.errors import MjStatsError
from mjstats.results import (
    betainc,
    clopper_pearson,
    normal_quantile,
    proportion_table,
    read_table,
    wilson,
    write_table,
    z_score,
)


def binom_cdf(k, n, p):
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k + 1))


@pytest.mark.parametrize("p,z", [(0.975, 1.959963984540054), (0.9995, 3.2905267314919255),
                                 (0.5, 0.0), (0.001, -3.090232306167813)])
def test_normal_quantile(p, z):
    assert normal_quantile(p) == pytest.approx(z, abs=1e-12)


def test_wilson_matches_formula_and_edges():
    k = np.array([0, 1, 37, 100, 0])
    n = np.array([100, 100, 100, 100, 0])
    lo, hi = wilson(k, n)
    z = 1.959963984540054
    for i in range(4):
        p = k[i] / n[i]
        c = (p + z * z / (2 * n[i])) / (1 + z * z / n[i])
        h = z * math.sqrt(p * (1 - p) / n[i] + z * z / (4 * n[i] ** 2)) / (1 + z * z / n[i])
        assert lo[i] == pytest.approx(max(c - h, 0), abs=1e-15)
        assert hi[i] == pytest.approx(min(c + h, 1), abs=1e-15)
    assert lo[0] == 0 and hi[3] == 1
    assert (lo[4], hi[4]) == (0, 1)  # no trials: no information
    with pytest.raises(MjStatsError):
        wilson(5, 4)
    with pytest.raises(MjStatsError):
        wilson(1, 4, conf=1.0)


@pytest.mark.parametrize("a,b,x", [(2, 3, 0.4), (0.5, 0.5, 0.3), (30, 7, 0.8), (1, 200, 0.01)])
def test_betainc_integer_cases(a, b, x):
    if float(a).is_integer() and float(b).is_integer():
        # I_x(a, b) = P(Bin(a + b - 1, x) >= a)
        want = 1 - binom_cdf(int(a) - 1, int(a + b - 1), x)
    else:
        want = 2 / math.pi * math.asin(math.sqrt(x))  # arcsine law, a = b = 1/2
    assert betainc(a, b, x) == pytest.approx(want, rel=1e-10)


@pytest.mark.parametrize("k,n", [(0, 10), (1, 10), (5, 10), (10, 10), (3, 50), (47, 50)])
def test_clopper_pearson_tail_equations(k, n):
    lo, hi = clopper_pearson(k, n, conf=0.95)
    if k > 0:  # P(X >= k | lo) = 2.5 %
        assert 1 - binom_cdf(k - 1, n, lo) == pytest.approx(0.025, abs=1e-9)
    else:
        assert lo == 0
    if k < n:  # P(X <= k | hi) = 2.5 %
        assert binom_cdf(k, n, hi) == pytest.approx(0.025, abs=1e-9)
    else:
        assert hi == 1
    wl, wh = wilson(k, n)
    assert lo <= k / n <= hi and wl <= k / n <= wh


def test_z_score_cases():
    z = z_score([60, 0, 1, 5], [100, 100, 100, 100], [0.5, 0.0, 0.0, np.nan])
    assert z[0] == pytest.approx(2.0)
    assert z[1] == 0 and np.isinf(z[2]) and np.isnan(z[3])


def test_proportion_table_and_files(tmp_path):
    t = proportion_table([
        {"metric": "a", "category": "x", "count": 3, "n": 10, "exact": 0.25,
         "exact_fraction": "1/4"},
        {"metric": "a", "category": "y", "count": 0, "n": 0},
    ])
    assert list(t.columns[:10]) == ["metric", "category", "count", "n", "estimate", "ci_low",
                                    "ci_high", "exact", "exact_fraction", "z"]
    assert t.loc[0, "estimate"] == 0.3 and np.isnan(t.loc[1, "estimate"])
    for suffix in (".parquet", ".csv"):
        p = write_table(t, tmp_path / f"t{suffix}")
        back = read_table(p)
        pd.testing.assert_frame_equal(back[["metric", "count", "n"]], t[["metric", "count", "n"]],
                                      check_dtype=False)
    with pytest.raises(MjStatsError):
        write_table(t, tmp_path / "t.xlsx")
    with pytest.raises(MjStatsError):
        proportion_table([{"metric": "a", "count": 1}])
