"""One place for numba options.

Every compiled kernel in mjstats is decorated with :func:`kernel` (serial) or
:func:`parallel_kernel` (an outer ``prange`` loop).  Both cache the machine code
on disk (``cache=True``) so that a second process starts in about a second, and
both use numpy's error model (no exceptions raised for division by zero inside
hot loops).  Kernels are never recursive: numba's on-disk cache breaks on
recursion (numba issues #6061, #9129).

The number of threads used by parallel kernels follows numba
(``NUMBA_NUM_THREADS`` or :func:`numba.set_num_threads`); results never depend
on it because randomness is seeded per chunk, not per thread.
"""

from __future__ import annotations

import numba

_OPTIONS = dict(cache=True, nogil=True, error_model="numpy")


def kernel(fn):
    """Compile ``fn`` as a serial, cached, no-Python kernel."""
    return numba.njit(**_OPTIONS)(fn)


def inline_kernel(fn):
    """Compile ``fn`` as a small helper that numba inlines into every caller.

    For the few tiny functions on the hottest paths (table-row arithmetic), so
    that constants such as ``M = 4`` propagate and loops unroll.
    """
    return numba.njit(inline="always", **_OPTIONS)(fn)


def parallel_kernel(fn):
    """Compile ``fn`` as a cached kernel whose outer ``prange`` loop runs in threads."""
    return numba.njit(parallel=True, **_OPTIONS)(fn)


prange = numba.prange
