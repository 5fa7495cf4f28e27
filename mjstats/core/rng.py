"""A small jitted random generator (xoshiro256**) and the seeding convention.

Randomness never depends on threads: a study is cut into fixed-size chunks,
chunk ``i`` gets the state ``SeedSequence(seed).spawn(n)[i].generate_state(4)``,
and the chunks run in any order on any number of threads or Dask workers.
:func:`chunk_states` makes those states; kernels advance them with
:func:`_next` and draw unbiased bounded integers with :func:`_below`
(Lemire's multiply-and-reject).
"""

from __future__ import annotations

import numpy as np

from mjstats._jit import noref_kernel

SeedLike = int | np.random.Generator | np.random.SeedSequence | None


@noref_kernel
def _rotl(x, k):
    return (x << np.uint64(k)) | (x >> np.uint64(64 - k))


@noref_kernel
def _next(s):
    """Advance state ``s`` (uint64[4]) and return the next 64-bit output."""
    result = _rotl(s[1] * np.uint64(5), 7) * np.uint64(9)
    t = s[1] << np.uint64(17)
    s[2] ^= s[0]
    s[3] ^= s[1]
    s[1] ^= s[2]
    s[0] ^= s[3]
    s[2] ^= t
    s[3] = _rotl(s[3], 45)
    return result


@noref_kernel
def _below(s, n):
    """Uniform integer in ``[0, n)`` for ``1 <= n < 2**32``, exactly unbiased."""
    nn = np.uint64(n)
    m = (_next(s) >> np.uint64(32)) * nn
    low = m & np.uint64(0xFFFFFFFF)
    if low < nn:
        threshold = (np.uint64(0x100000000) - nn) % nn
        while low < threshold:
            m = (_next(s) >> np.uint64(32)) * nn
            low = m & np.uint64(0xFFFFFFFF)
    return np.int64(m >> np.uint64(32))


@noref_kernel
def _pick_to(w, i, s):
    """One Fisher-Yates step: swap a uniform element of ``w[i:]`` into ``w[i]``; return it.

    Every shuffle and partial shuffle (deals, walls, Da Er decks) is this step
    repeated, so the same state draws the same tiles everywhere.
    """
    j = i + _below(s, w.shape[0] - i)
    t = w[j]
    w[j] = w[i]
    w[i] = t
    return t


@noref_kernel
def _shuffle(w, s):
    """Shuffle ``w`` in place (Fisher-Yates with :func:`_pick_to`)."""
    for i in range(w.shape[0] - 1):
        _pick_to(w, i, s)


@noref_kernel
def _seed_from(s, out):
    """Seed the xoshiro state ``out`` with four words drawn from stream ``s``.

    (Never the all-zero state, which xoshiro cannot leave.)
    """
    for i in range(4):
        out[i] = _next(s)
    if out[0] == 0 and out[1] == 0 and out[2] == 0 and out[3] == 0:  # pragma: no cover
        out[0] = 1


def seed_sequence(seed: SeedLike) -> np.random.SeedSequence:
    """Turn any accepted seed into a :class:`numpy.random.SeedSequence`.

    ``None`` draws fresh entropy; a ``Generator`` contributes 128 random bits.
    """
    if isinstance(seed, np.random.SeedSequence):
        return seed
    if isinstance(seed, np.random.Generator):
        return np.random.SeedSequence(seed.integers(0, 2**63, size=2).tolist())
    if isinstance(seed, bool | np.bool_):
        from mjstats.errors import MjStatsError

        raise MjStatsError(f"seed must be an int, a numpy Generator or None, got {seed!r} (bool)")
    if seed is None or isinstance(seed, (int, np.integer)):
        if seed is not None and int(seed) < 0:
            from mjstats.errors import MjStatsError

            raise MjStatsError(f"seed must be at least 0, got {seed}")
        return np.random.SeedSequence(None if seed is None else int(seed))
    from mjstats.errors import MjStatsError

    raise MjStatsError(f"seed must be an int, a numpy Generator or None, got {type(seed).__name__}")


SIDE_STREAM = 1 << 40
"""Spawn-key entry of a run's side stream: no chunk index reaches it."""


def side_stream(ss: np.random.SeedSequence) -> np.random.SeedSequence:
    """A second stream of the run seeded by ``ss``, apart from its chunks' streams.

    The chunks of :func:`chunk_states` are the children ``(*key, i)`` of ``ss``;
    the side stream is the child ``(*key, 2**40)``, whose own chunks are
    ``(*key, 2**40, i)``: the two never share a state.  A duplicate match and the
    odds table model shuffle their walls from the chunks of ``ss`` and seed their
    bots' choices from the side stream's, so the walls stay those of a plain run
    on the same seed and no bot's choice reuses a number a shuffle draws.

    Examples
    --------
    >>> ss = np.random.SeedSequence(7)
    >>> bool((chunk_states(side_stream(ss), 2) == chunk_states(ss, 2)).any())
    False
    """
    return np.random.SeedSequence(ss.entropy, spawn_key=(*ss.spawn_key, SIDE_STREAM),
                                  pool_size=ss.pool_size)


def chunk_states(seed: SeedLike, n_chunks: int, first: int = 0) -> np.ndarray:
    """Xoshiro states ``(n_chunks, 4)`` for chunks ``first .. first + n_chunks - 1``.

    The state of chunk ``i`` is the same however the chunks are grouped, so a
    run split across processes or resumed later reproduces the same draws.

    Examples
    --------
    >>> a = chunk_states(7, 4)
    >>> b = chunk_states(7, 2, first=2)
    >>> bool((a[2:] == b).all())
    True
    """
    ss = seed_sequence(seed)
    states = np.empty((n_chunks, 4), dtype=np.uint64)
    for i in range(n_chunks):
        # the i-th child of ss.spawn(), built directly so that ss is not mutated
        child = np.random.SeedSequence(
            ss.entropy, spawn_key=(*ss.spawn_key, first + i), pool_size=ss.pool_size
        )
        st = child.generate_state(4, np.uint64)
        if not st.any():  # pragma: no cover - all-zero state is invalid for xoshiro
            st[0] = 1
        states[i] = st
    return states
