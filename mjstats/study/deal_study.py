"""Monte Carlo deal study: what starting hands look like under a rule set.

Random deals are drawn and analysed inside one compiled, parallel kernel; no
hand is ever stored.  Each deal is the dealer's 14 tiles (a uniform 14-subset
of the wall, drawn exactly as :func:`mjstats.deal` draws them, seed for seed);
the 13-tile hand of the same deal is the first 13 of those tiles (a uniform
13-subset too).  So every 14-tile figure and every 13-tile figure is a binomial
proportion over ``deals`` independent deals; 13- and 14-tile figures of one
deal are correlated with each other, which no single row's interval depends on.

Deals are cut into chunks of :data:`mjstats.sim.deals.CHUNK`; chunk ``i`` uses
the ``i``-th seeded xoshiro state and writes its own row of counters, summed
afterwards: the same seed gives the same table whatever the thread count.

Two studies: ``"complete"`` (complete at deal by form, and with at most two
suits; the fast one) and ``"full"`` (adds the shanten distributions of 13 and
14 tiles, readiness, wait widths and wait shapes of ready 13-tile hands).
"""

from __future__ import annotations

import time

import numpy as np
import pandas as pd

from mjstats._checks import count, flag, interval_level
from mjstats._choices import DEAL_STUDIES, choice_code
from mjstats._compiling import compile_seconds
from mjstats._jit import kernel, parallel_kernel, prange
from mjstats.core.complete import _complete_from_codes, _is_complete
from mjstats.core.rng import SeedLike, _pick_to, chunk_states, seed_sequence
from mjstats.core.shanten import _overlap_keys, _part_keys, overlap4
from mjstats.core.tables import tables
from mjstats.core.waits import (
    _EN,
    _ZH,
    SHAPES_WORK,
    WaitShape,
    _shapes_into,
    _wait_bits_once,
    _wait_mask,
)
from mjstats.errors import MjStatsError
from mjstats.results.tables import proportion_table
from mjstats.sim.deals import CHUNK
from mjstats.sim.deals import _draw_codes as _draw_parts
from mjstats.tiles import TileSet
from mjstats.tiles import tileset as _tileset

# ---- counter layout (one int64 row per chunk) ------------------------------------
C14 = 0  # complete 14: + 0 standard, 1 seven pairs, 2 either
C14_TWO = 3  # complete 14 and at most two numbered suits: same three forms
SH_BINS = 16  # shanten -1 .. 14 -> bin s + 1
SH14 = 6  # 3 blocks of SH_BINS: standard, seven pairs, min
SH13 = SH14 + 3 * SH_BINS
READY = SH13 + 3 * SH_BINS  # 13-tile hands with at least one waited kind (any form)
WAIT_KINDS = READY + 1  # 35 bins: kinds waited on
N_KIND_BINS = 35
WAIT_LIVE = WAIT_KINDS + N_KIND_BINS  # 137 bins: live tiles (4 - held, none visible)
N_LIVE_BINS = 137
SHAPES = WAIT_LIVE + N_LIVE_BINS  # 7 bins: ready hands showing each WaitShape bit
N_SHAPES = 7
N_COUNTERS = SHAPES + N_SHAPES
FORM_NAMES = ("standard", "seven_pairs", "any")


PART_OF = np.array([min(k // 9, 3) for k in range(34)], dtype=np.int64)
"""Part (0-2 suits, 3 honors) of each kind."""
INC_OF = np.array([5 ** (k - 9 * min(k // 9, 3)) for k in range(34)], dtype=np.int64)
"""Base-5 weight of each kind inside its part's code."""


@kernel
def _draw_full(wall, n_tiles, state, cnt, codes, ps):
    """Like :func:`_draw_parts`, also the count vector and ``ps = (pairs, odd counts)``."""
    for k in range(34):
        cnt[k] = 0
    codes[0] = 0
    codes[1] = 0
    codes[2] = 0
    codes[3] = 0
    P = 0
    S = 0
    for i in range(n_tiles):
        t = _pick_to(wall, i, state)
        c = cnt[t]
        cnt[t] = c + 1
        codes[PART_OF[t]] += INC_OF[t]
        if c & 1:
            P += 1
            S -= 1
        else:
            S += 1
    ps[0] = P
    ps[1] = S


@kernel
def _sp_shanten(P, S):
    used = P if P < 7 else 7
    rest = 7 - used
    return 13 - 2 * used - (S if S < rest else rest)


_GANCHANG = int(WaitShape.GANCHANG)


@kernel
def _ready_waits(cnt, T, mask, tile_bits):
    """Waits of a 13-tile hand: ``(kinds, live tiles, shape bits)``; ``mask`` gets the waits.

    Each candidate of the core wait mask is confirmed by the complete check of
    ``hand + tile`` (the core mask, built from per-part flags, can list a tile
    that would leave four parts each holding a pair, e.g. ``22m1567p44678s77z`` +
    1p), and the 赶场叫 (147/258/369) bit is recomputed from the confirmed waits.
    """
    _wait_mask(cnt, T, mask)
    kinds = 0
    live = 0
    for k in range(34):
        if mask[k]:
            cnt[k] += 1
            ok = _is_complete(cnt, 2, T)
            cnt[k] -= 1
            if ok:
                kinds += 1
                live += 4 - cnt[k]
            else:
                mask[k] = 0
    w = np.int64(_wait_bits_once(cnt, T))
    work = np.empty((SHAPES_WORK, 34), dtype=np.int64)
    bits = _shapes_into(cnt, w, T, tile_bits, work) & ~_GANCHANG
    for s in range(3):
        for x in range(3):
            k = 9 * s + x
            if mask[k] and mask[k + 3] and mask[k + 6]:
                bits |= _GANCHANG
    return kinds, live, bits


@kernel
def _count_complete(c0, c1, c2, c3, T, row):
    std = _complete_from_codes(c0, c1, c2, c3, 14, 0, T)
    sp = _complete_from_codes(c0, c1, c2, c3, 14, 1, T)
    two = (1 if c0 > 0 else 0) + (1 if c1 > 0 else 0) + (1 if c2 > 0 else 0) <= 2
    if std:
        row[C14] += 1
        if two:
            row[C14_TWO] += 1
    if sp:
        row[C14 + 1] += 1
        if two:
            row[C14_TWO + 1] += 1
    if std or sp:
        row[C14 + 2] += 1
        if two:
            row[C14_TWO + 2] += 1


@kernel
def _study_chunk(wall, state, n_deals, full, T, Q, row):
    """Deal ``n_deals`` hands from ``wall`` (a private copy) and add the counters to ``row``."""
    cnt = np.zeros(34, dtype=np.int8)
    codes = np.zeros(4, dtype=np.int64)
    ps = np.zeros(2, dtype=np.int64)
    mask = np.zeros(34, dtype=np.uint8)
    tile_bits = np.zeros(34, dtype=np.int64)
    for _ in range(n_deals):
        if not full:
            _draw_parts(wall, 14, state, codes)
            _count_complete(codes[0], codes[1], codes[2], codes[3], T, row)
            continue
        _draw_full(wall, 14, state, cnt, codes, ps)
        c0 = codes[0]
        c1 = codes[1]
        c2 = codes[2]
        c3 = codes[3]
        _count_complete(c0, c1, c2, c3, T, row)
        P = ps[0]
        S = ps[1]
        k0, k1, k2, k3 = _part_keys(c0, c1, c2, c3, Q)
        # 14 tiles: M = 4 melds and a pair, shanten = 13 - overlap
        s_std = 13 - _overlap_keys(k0, k1, k2, k3, Q)
        s_sp = _sp_shanten(P, S)
        row[SH14 + s_std + 1] += 1
        row[SH14 + SH_BINS + s_sp + 1] += 1
        row[SH14 + 2 * SH_BINS + min(s_std, s_sp) + 1] += 1
        # 13 tiles: drop the 14th tile drawn; only its part's row changes
        t = wall[13]
        if cnt[t] % 2 == 0:
            P -= 1
            S += 1
        else:
            S -= 1
        cnt[t] -= 1
        part = PART_OF[t]
        d = INC_OF[t]
        if part == 0:
            k0 = np.int64(Q.suit_key[c0 - d])
        elif part == 1:
            k1 = np.int64(Q.suit_key[c1 - d])
        elif part == 2:
            k2 = np.int64(Q.suit_key[c2 - d])
        else:
            k3 = np.int64(Q.honor_key[c3 - d])
        s_std = 13 - _overlap_keys(k0, k1, k2, k3, Q)
        s_sp = _sp_shanten(P, S)
        s_any = min(s_std, s_sp)
        row[SH13 + s_std + 1] += 1
        row[SH13 + SH_BINS + s_sp + 1] += 1
        row[SH13 + 2 * SH_BINS + s_any + 1] += 1
        if s_any == 0:
            kinds, live, bits = _ready_waits(cnt, T, mask, tile_bits)
            if kinds > 0:
                row[READY] += 1
            row[WAIT_KINDS + kinds] += 1
            row[WAIT_LIVE + live] += 1
            for b in range(N_SHAPES):
                if (bits >> b) & 1:
                    row[SHAPES + b] += 1


@parallel_kernel
def _study_many(wall, states, first, n_total, chunk, full, T, Q, out):
    """Chunks ``first + c`` for ``c`` in ``range(len(states))``; counters into ``out[c]``."""
    for c in prange(states.shape[0]):
        w = wall.copy()
        st = states[c].copy()
        lo = (first + c) * chunk
        n = min(chunk, n_total - lo)
        for j in range(out.shape[1]):
            out[c, j] = 0
        if n > 0:
            _study_chunk(w, st, n, full, T, Q, out[c])


def study_counts(tileset: str | TileSet, deals: int, seed: SeedLike = None,
                 study: str = "full", progress: bool = False,
                 batch_chunks: int = 32, out=None, resume: bool = False,
                 client=None, meter=None) -> np.ndarray:
    """Raw counters of a deal study (``int64`` vector, layout of this module's constants).

    Parameters
    ----------
    tileset : str or TileSet
        Tile set to deal from.
    deals : int
        Number of deals.
    seed : int, Generator or None
        Seed; the same seed gives the same counters whatever the thread count.
    study : {"full", "complete"}
        ``"complete"`` only fills the complete-at-deal counters (faster).
    progress : bool
        Show a tqdm progress bar (batches of ``batch_chunks`` chunks).
    batch_chunks : int
        Seeding blocks per runner chunk (progress and checkpoint granularity).
    out : path, optional
        Folder where each finished chunk is saved (:func:`mjstats.runner.run_chunks`).
    resume : bool
        Finish a run interrupted in ``out``; the counters equal an uninterrupted run.
    client : dask.distributed.Client, optional
        Run the chunks on a Dask cluster (same counters as locally).
    meter : mjstats.runner.Meter, optional
        Counts the deals computed here (not read back on ``resume``).

    Examples
    --------
    >>> c = study_counts("sichuan", 1000, seed=1)
    >>> int(c[SH14:SH14 + SH_BINS].sum()), int(c[SH13:SH13 + SH_BINS].sum())
    (1000, 1000)
    """
    ts = _tileset(tileset)
    deals = count(deals, "deals", minimum=1)
    study = DEAL_STUDIES[choice_code(study, DEAL_STUDIES, "study")]
    batch_chunks = count(batch_chunks, "batch_chunks", minimum=1)
    import functools

    from mjstats.runner import run_chunks, run_seed, sum_frames

    ss = seed_sequence(run_seed(seed, out, resume))
    task = functools.partial(counts_task, ts.name, study, ss)
    meta = {"study": f"deal_study/{study}", "tileset": ts.name,
            "seed_entropy": str(ss.entropy), "spawn_key": list(ss.spawn_key)}
    df = run_chunks(task, deals, int(batch_chunks) * CHUNK, reduce=sum_frames, out=out,
                    resume=resume, client=client, meta=meta, progress=progress,
                    desc=f"deals {ts.name}", unit="deals", block=CHUNK, meter=meter,
                    size_name="deals")
    return df.iloc[0].to_numpy(dtype=np.int64)


def counts_task(tileset: str, study: str, seed, start: int, count: int) -> pd.DataFrame:
    """Runner task: the counters of deals ``start .. start + count - 1`` as a one-row table.

    Deal ``i`` of a study is the same whichever chunk computes it (it is drawn
    from seeded block ``i // CHUNK``), so chunks may run in any order, in other
    processes or on Dask workers, and be resumed.
    """
    if start % CHUNK:
        raise MjStatsError(f"start must be a multiple of {CHUNK}, got {start}")
    ts = _tileset(tileset)
    first = start // CHUNK
    nb = -(-count // CHUNK)
    out = np.zeros((nb, N_COUNTERS), dtype=np.int64)
    _study_many(ts.wall.copy(), chunk_states(seed, nb, first), first, start + count, CHUNK,
                study == "full", tables(), overlap4(), out)
    return pd.DataFrame(out.sum(axis=0)[None, :], columns=[f"c{i}" for i in range(N_COUNTERS)])


def _rules_tileset(rules) -> TileSet:
    """Tile set of a rule set (:func:`mjstats.rules.rules` name or object) or a tile set."""
    if isinstance(rules, TileSet):
        return rules
    if hasattr(rules, "tileset"):
        return _tileset(rules.tileset)
    try:
        from mjstats.rules import rules as _rules

        return _tileset(_rules(str(rules)).tileset)
    except (ImportError, MjStatsError) as err:
        try:
            return _tileset(rules)
        except MjStatsError:
            raise MjStatsError(
                f"unknown rules {rules!r}: {err}; a tile set name "
                "(sichuan, guangan, liuzhou) works too"
            ) from None


def _shanten_rows(counts, base, n_tiles, exact, deals):
    rows = []
    for f, form in enumerate(FORM_NAMES):
        metric = f"shanten_{n_tiles}_{form}"
        block = counts[base + f * SH_BINS: base + (f + 1) * SH_BINS]
        cats = {s for s in range(-1, SH_BINS - 1) if block[s + 1] > 0}
        cats |= {int(c) for (m, c) in exact if m == metric}
        for s in sorted(cats):
            rows.append(_row(metric, str(s), block[s + 1], deals, exact))
    return rows


def _row(metric, category, count, n, exact):
    p = exact.get((metric, category))
    if p is None and exact and metric.startswith("shanten_"):
        from fractions import Fraction

        p = Fraction(0)  # an exact distribution lists every shanten it can reach
    return {
        "metric": metric,
        "category": category,
        "count": int(count),
        "n": int(n),
        "exact": float(p) if p is not None else np.nan,
        "exact_fraction": f"{p.numerator}/{p.denominator}" if p is not None else None,
    }


def deal_study(rules: str | TileSet = "sichuan", deals: int = 1_000_000,
               seed: SeedLike = None, progress: bool = True, study: str = "full",
               conf: float = 0.95, exact: bool = True, out=None, resume: bool = False,
               client=None) -> pd.DataFrame:
    """Monte Carlo study of the deal: complete, ready, shanten and waits, with exact values.

    Parameters
    ----------
    rules : str, RuleSet or TileSet
        A rule set (:func:`mjstats.rules.rules`: ``"sichuan"`` 108 tiles,
        ``"guangan"`` 120 with 白发中, ``"liuzhou"`` 136) or a tile set; only its
        tile set matters here.
    deals : int
        Number of random deals (dealer 14 tiles; the 13-tile hand is its first 13),
        a whole number >= 1 (``100.0`` is read as 100; ``2.7`` and ``True`` are errors).
    seed : int, Generator or None
        Same seed, same table, whatever the number of threads.
    progress : bool
        Show a progress bar when the run is long (more than 16 chunks).
    study : {"full", "complete"}
        ``"complete"``: only the complete-at-deal rows (the fast study).
    conf : float
        Level of the Wilson intervals ``ci_low``/``ci_high``.
    exact : bool
        Add the exact values (:mod:`mjstats.exact`) and z-scores where defined.
    out : path, optional
        Save each finished chunk of counters in this folder, so an interrupted
        run loses nothing; ``resume=True`` finishes it.
    resume : bool
        Reuse the chunks already in ``out``.
    client : dask.distributed.Client, optional
        Run the chunks on a Dask cluster: same table as locally.

    Returns
    -------
    pandas.DataFrame
        One row per figure: ``metric``, ``category``, ``count``, ``n``,
        ``estimate``, ``ci_low``, ``ci_high``, ``exact`` (float, NaN where no exact
        value is computed), ``exact_fraction`` (``"num/den"``), ``z``.  Metrics:

        - ``complete_14`` / ``complete_14_two_suits`` (category: form) - complete at
          deal, and complete using at most two of the suits m/p/s (缺一门);
        - ``shanten_14_<form>`` / ``shanten_13_<form>`` (category: shanten, ``-1``
          complete), form ``standard``, ``seven_pairs`` or ``any`` (the minimum);
        - ``ready_13`` (category: form): some kind completes the 13-tile hand;
        - among ready 13-tile hands (``n`` = ready hands): ``wait_kinds``
          (kinds waited on), ``wait_live`` (live tiles, ``4 - held``, nothing
          visible yet), ``wait_shape`` (category: English name and 中文; a hand can
          show several shapes, so these do not sum to 1).

        ``df.attrs`` holds ``tileset``, ``deals``, ``seed``, ``study``, ``seconds`` (the
        study's time, kernel compilation excluded) and ``computed`` (the deals
        computed in this call: all of them, less those read back on ``resume``).

    Examples
    --------
    >>> df = deal_study("sichuan", 20_000, seed=7, progress=False)
    >>> r = df.set_index(["metric", "category"]).loc[("shanten_13_any", "2")]
    >>> int(r["n"]), bool(r["ci_low"] < r["exact"] < r["ci_high"])
    (20000, True)
    """
    ts = _rules_tileset(rules)
    deals = count(deals, "deals", minimum=1)
    progress = flag(progress, "progress")
    exact = flag(exact, "exact")
    conf = interval_level(conf)
    n_chunks = -(-deals // CHUNK)
    from mjstats.runner import Meter

    meter = Meter()
    t0, c0 = time.perf_counter(), compile_seconds()
    counts = study_counts(ts, deals, seed, study, progress=progress and n_chunks > 16,
                          out=out, resume=resume, client=client, meter=meter)
    seconds = time.perf_counter() - t0 - (compile_seconds() - c0)  # compilation excluded
    ex = {}
    if exact:
        from mjstats.exact.table import exact_values

        ex = exact_values(ts)
    deals = int(deals)
    rows = []
    for f, form in enumerate(FORM_NAMES):
        rows.append(_row("complete_14", form, counts[C14 + f], deals, ex))
    for f, form in enumerate(FORM_NAMES):
        rows.append(_row("complete_14_two_suits", form, counts[C14_TWO + f], deals, ex))
    if study == "full":
        rows += _shanten_rows(counts, SH14, 14, ex, deals)
        rows += _shanten_rows(counts, SH13, 13, ex, deals)
        ready = {
            "standard": counts[SH13 + 1],
            "seven_pairs": counts[SH13 + SH_BINS + 1],
            "any": counts[READY],
        }
        for form in FORM_NAMES:
            rows.append(_row("ready_13", form, ready[form], deals, ex))
        n_ready = int(counts[READY])
        for k in range(1, N_KIND_BINS):
            if counts[WAIT_KINDS + k]:
                rows.append(_row("wait_kinds", str(k), counts[WAIT_KINDS + k], n_ready, {}))
        for x in range(N_LIVE_BINS):
            if counts[WAIT_LIVE + x]:
                rows.append(_row("wait_live", str(x), counts[WAIT_LIVE + x], n_ready, {}))
        for b, shape in enumerate(WaitShape):
            rows.append(_row("wait_shape", f"{_EN[shape]} {_ZH[shape]}",
                             counts[SHAPES + b], n_ready, {}))
    df = proportion_table(rows, conf=conf)
    df.insert(0, "tileset", ts.name)
    df.attrs.update(tileset=ts.name, deals=deals, seed=None if seed is None else str(seed),
                    study=study, seconds=seconds, conf=conf, computed=int(meter.items))
    return df
