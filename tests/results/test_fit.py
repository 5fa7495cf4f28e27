"""Goodness of fit of deal studies against their exact distributions."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest

from mjstats.results.fit import Z_TAIL, chi_square, deal_fit
from mjstats.results.intervals import chi2_sf


@pytest.mark.parametrize("x,k,want", [(3.841458820694124, 1, 0.05), (0.5, 3, 0.9188914116546758),
                                      (50.0, 10, 2.6690834249044946e-07), (100.0, 2, 1.9287498e-22),
                                      (0.0, 4, 1.0)])
def test_chi2_sf_known_values(x, k, want):
    assert chi2_sf(x, k) == pytest.approx(want, rel=1e-6)


def test_chi_square_merges_small_cells():
    stat, dof = chi_square([100, 50, 1, 0], [0.66, 0.33, 0.007, 0.003])
    assert dof == 1  # the two cells expected below 5 merged, then into the smallest other
    assert stat >= 0


def _study(counts, probs, n):
    k = len(probs)
    return pd.DataFrame(dict(tileset="x", metric="shanten_13_any", category=range(k),
                             count=counts, n=n, exact=probs, z=0.0))


def test_deal_fit_tells_a_true_distribution_from_a_shifted_one():
    """Multinomial draws from the exact distribution: over 400 studies the p-values are
    uniform (each decile holds 40 +- 4.2 sd; checked at 5 sd); the same draws with 2% of
    the mass moved between two cells give p < 1e-6."""
    rng = np.random.default_rng(4)
    p = np.array([0.05, 0.2, 0.4, 0.25, 0.1])
    n = 20_000
    ps = []
    for _ in range(400):
        c = rng.multinomial(n, p)
        ps.append(deal_fit(_study(c, p, n))["p_value"].iloc[0])
    hist = np.histogram(ps, bins=10, range=(0, 1))[0]
    sd = np.sqrt(400 * 0.1 * 0.9)
    assert np.all(np.abs(hist - 40) < 5 * sd)
    shifted = rng.multinomial(n, p + np.array([0.02, -0.02, 0, 0, 0]))
    assert deal_fit(_study(shifted, p, n))["p_value"].iloc[0] < 1e-6


def test_deal_fit_counts_the_rows_beyond_two_standard_errors():
    df = _study([1, 2, 3], [0.2, 0.3, 0.5], 6)
    df["z"] = [0.5, -2.5, 3.0]
    f = deal_fit(df)
    assert f.attrs["z_rows"] == 3 and f.attrs["z_over_2"] == 2
    assert f.attrs["z_expected"] == pytest.approx(3 * Z_TAIL)
