"""The numba options of :mod:`mjstats._jit`."""

from __future__ import annotations

import numba
import numpy as np

from mjstats._jit import _plain_types


def _sum(a, lo, hi, flag):
    s = 0
    for k in range(lo, hi):
        s += a[k]
    return s if flag else -s


def _calls(callee):
    """A kernel that calls ``callee`` with three combinations of constants."""

    def caller(a, lo):
        return callee(a, 0, 34, True) + callee(a, lo, 9, False) + callee(a, 1, 34, True)

    return numba.njit(caller)


def test_constant_arguments_compile_the_callee_once():
    # not cached (fresh dispatchers), so the compilations are counted every run
    plain = _plain_types(numba.njit(_sum))
    raw = numba.njit(_sum)
    a = np.arange(40, dtype=np.int64)
    want = sum(range(34)) - sum(range(3, 9)) + sum(range(1, 34))
    assert _calls(plain)(a, 3) == want
    assert _calls(raw)(a, 3) == want
    assert len(plain.signatures) == 1
    assert str(plain.signatures[0][1]) == "int64"
    # the control: numba on its own specialises on each combination of constants
    assert len(raw.signatures) == 3


def _sum_to(a, M):
    s = 0
    for k in range(M):
        s += a[k]
    return s


def test_literal_arguments_keep_their_constants():
    # M = 4 compiles a copy of its own (a constant: its loop unrolls), a variable M another
    kept = _plain_types(numba.njit(_sum_to), literal=("M",))

    @numba.njit
    def caller(a, m):
        return kept(a, 4) + kept(a, m) + kept(a, 4)

    a = np.arange(10, dtype=np.int64)
    assert caller(a, 3) == 6 + 3 + 6
    assert sorted(str(s[1]) for s in kept.signatures) == ["Literal[int](4)", "int64"]
