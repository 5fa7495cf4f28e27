import numba
import numpy as np
import pytest

import mjstats as mj


def test_same_seed_same_deals_any_thread_count():
    before = numba.get_num_threads()
    try:
        numba.set_num_threads(1)
        a = mj.deal(200_000, "liuzhou", 14, seed=99)
    finally:
        numba.set_num_threads(before)
    b = mj.deal(200_000, "liuzhou", 14, seed=99)
    assert (a == b).all()
    assert not (mj.deal(1000, "liuzhou", 14, seed=100) == a[:1000]).all()


def test_deals_are_legal_and_uniform():
    n = 400_000
    for name, n_kinds in (("sichuan", 27), ("guangan", 30), ("liuzhou", 34)):
        H = mj.deal(n, name, 13, seed=5)
        ts = mj.tileset(name)
        assert (H.sum(axis=1) == 13).all() and H.max() <= 4
        assert H[:, ~ts.mask].sum() == 0
        # each kind's count in a hand is hypergeometric with mean 13 * 4 / N; the
        # column means must lie within 5 standard errors (var from the hypergeometric)
        N = ts.n_tiles
        mean = 13 * 4 / N
        var = 13 * (4 / N) * (1 - 4 / N) * (N - 13) / (N - 1)
        se = np.sqrt(var / n)
        means = H[:, ts.mask].mean(axis=0)
        assert means.size == n_kinds
        assert np.abs(means - mean).max() < 5 * se
        # the chance that 1m is held 4 times: C(4,4) C(N-4, 9) / C(N, 13)
        from math import comb

        p4 = comb(N - 4, 9) / comb(N, 13)
        est = (H[:, 0] == 4).mean()
        assert abs(est - p4) < 5 * np.sqrt(p4 * (1 - p4) / n) + 1e-9


def test_bad_arguments():
    with pytest.raises(mj.MjStatsError, match="n_tiles"):
        mj.deal(10, "sichuan", 0)
    with pytest.raises(mj.MjStatsError, match="seed"):
        mj.deal(10, "sichuan", 13, seed=-1)


@pytest.mark.parametrize("name", ["sichuan", "guangan", "liuzhou"])
def test_fused_deal_and_check_equals_deal_then_check(name):
    from mjstats.sim.deals import count_complete

    n = 2_000_000
    H = mj.deal(n, name, 14, seed=8)
    for form in ("standard", "seven_pairs", "any"):
        expected = int(mj.is_complete_many(H, form=form).sum())
        assert count_complete(n, name, 14, form=form, seed=8) == expected
    assert int(mj.is_complete_many(H).sum()) > 3  # the comparison is not vacuous
