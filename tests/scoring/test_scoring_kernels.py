"""The compiled scorer against slower references: single-wait test, batch vs one-by-one."""

import numpy as np
import pytest

from mjstats.core.tables import tables
from mjstats.core.waits import _wait_mask
from mjstats.rules import rules
from mjstats.scoring import encode, score, score_many
from mjstats.scoring import kernels as K
from tests.random_hands import as_kernel_args, complete_hands


def test_only_wait_matches_the_core_wait_mask():
    rng = np.random.default_rng(7)
    H, _, _, nm, W, _ = as_kernel_args(rng, complete_hands(
        rng, 3000, list(range(18)) + [31, 32, 33], exposed=(0, 2), chow_exposed=False,
        kong_share=0.25))
    T = tables()
    mask = np.zeros(34, dtype=np.uint8)
    seen_single = seen_multi = 0
    for h, w in zip(H, W, strict=True):
        h = h.copy()
        h[w] -= 1
        n = _wait_mask(h, T, mask)
        expect = n == 1 and mask[w] == 1
        assert K._only_wait(h, w, T) == expect, (h, w)
        seen_single += expect
        seen_multi += not expect
    assert seen_single > 100 and seen_multi > 100


@pytest.mark.parametrize("name", ["sichuan", "sichuan-app", "guangan", "liuzhou"])
def test_batch_matches_one_by_one(name):
    rng = np.random.default_rng(11)
    R = rules(name)
    kinds = list(range(34)) if name == "liuzhou" else list(range(18))
    if name == "guangan":
        kinds += [31, 32, 33]
    wins = complete_hands(rng, 300, kinds, exposed=(0, 2), chow_exposed=name == "liuzhou",
                          kong_share=0.25)
    H, MT, MK, NM, W, F = as_kernel_args(rng, wins)
    batch = score_many(H, MT, MK, NM, W, F, rules=R)
    for i in range(len(H)):
        r = score(H[i], wins[i].notation, int(W[i]), self_draw=bool(F[i] & 1), rules=R)
        assert r.total == batch[i]


def test_encode_round_trip():
    conc, mt, mk, nm, w = encode("55m", ["ckong 2m", "ckong 5z", "ckong 6z", "ckong 7z"], "5m",
                                 "guangan")
    assert nm == 4 and mt.tolist() == [4, 4, 4, 4] and mk.tolist() == [1, 31, 32, 33]
    assert int(conc[4]) == 2 and w == 4
