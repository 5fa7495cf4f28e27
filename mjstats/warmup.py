"""Compile every kernel family up front, one family per process, on all cores.

A family (:data:`mjstats._compiling.FAMILIES`) is compiled by running its
workload (:data:`WORKLOADS`): small calls of every public function that reaches
its kernels, with the argument types the command line and the API pass, so
that each kernel is compiled (or loaded from the disk cache) for every type it
meets later.  :func:`warmup` runs the workloads in parallel processes
(``python -m mjstats.warmup FAMILY``: a fresh interpreter each, as many at a
time as there are cores), the longest first, and reports each family's time;
``mjstats warmup`` prints them and ``mjstats report`` runs it, for the families
its studies use, before them.  On a warm cache every workload loads its kernels and ends in seconds.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from mjstats._compiling import FAMILIES, Family, compile_seconds


def _hand() -> None:
    """One hand at a time: shanten, waits, wait shapes, readings (``mjstats hand``)."""
    import mjstats as mj

    for text in ("1112345678999m", "2223678789m123p", "11223344556677m", "123m456p789s1122z",
                 "13456788999m289p"):
        h = mj.parse(text)
        for form in ("standard", "seven_pairs", "any"):
            mj.shanten(h, form=form)
        if h.sum() % 3 == 1:
            mj.waits(h, visible="2z")
            mj.wait_width(h)
            mj.wait_shapes(h, by_tile=True)
            mj.wait_shapes(h, lang="en")
        elif mj.is_complete(h):
            mj.decompositions(h)


def _batch() -> None:
    """The batch functions over dealt hands (``mj.shanten_many`` ...)."""
    import mjstats as mj

    H = mj.deal(8, "sichuan", 13, seed=0)
    mj.shanten_many(H), mj.wait_width_many(H), mj.waits_many(H), mj.wait_shapes_many(H)
    mj.is_complete_many(mj.deal(8, "sichuan", 14, seed=0))


def _deals() -> None:
    """Dealing and the deal studies of both games (``mjstats deal``), with exact values."""
    import mjstats as mj

    mj.deal(16, "sichuan", 13, seed=0)
    for ts in ("sichuan", "guangan", "liuzhou"):
        mj.deal_study(ts, 1_000, seed=0, progress=False)
    mj.deal_study("sichuan", 1_000, seed=0, progress=False, study="complete")
    mj.deal_study("daer-luzhou", 1_000, seed=0)


def _scorer() -> None:
    """Scoring finished hands of each mahjong region and of Da Er (``mjstats score``)."""
    import mjstats as mj

    mj.score("123m345m789m234p66p", win="6p", rules="sichuan")
    mj.score("123345m67899s", melds=["pong 2s"], win="3m", self_draw=True, rules="guangan")
    mj.score("123m456p789s11122z", win="2z", rules="liuzhou")
    mj.score("二二二三三七八九十十叁叁肆伍柒柒拾拾", melds=["pong 一"], win="八",
             rules="daer-luzhou")


def _odds() -> None:
    """The exact discard analysis of a hand (``mjstats odds`` without ``--table``)."""
    import mjstats as mj

    mj.odds("1112345678999m5p", "sichuan", missing="p", draws=3)
    mj.odds("13456788999m289p", "sichuan", missing="s", draws=4, objective="value")
    mj.odds("13456788999m289p", None, draws=4, improve=False)


def _engine() -> None:
    """The mahjong engine's callers: every policy, a comparison, a match, the table model.

    Whole hands under every policy, a preset comparison, a duplicate match,
    hand-built hands and a 查叫 settlement, and the discard analysis's table model.
    """
    import mjstats as mj
    from mjstats.sim.simulate import play_hand, settle_position
    from mjstats.study.discard_table import table_odds

    mj.simulate("sichuan", 16, ("efficiency", "value", "random", "zimo"), seed=0, log=2)
    mj.compare(["sichuan", "sichuan-app"], 16, seed=0)
    mj.match("sichuan", 16, bots=("random", "value"), seed=0)  # the duplicate kernel on _play
    play_hand("sichuan", mj.rules("sichuan").tileset.wall)
    settle_position("sichuan", ["123456789m1145p", "123456789m2469p", "123456789s1145p",
                                "123456789s2369p"], que=(2, 2, 0, 0))
    table_odds("13456788999m289p", "sichuan", missing="s", draws=8, rollouts=8, seed=0)


def _ev() -> None:
    """The engine with ``ev`` seats: whole hands (``bots="ev"``, the report's skill section).

    A duplicate match with ``ev`` seats (``mjstats ladder --bots efficiency,ev``)
    compiles its own engine when first played.
    """
    import mjstats as mj

    mj.simulate("sichuan", 4, "ev", seed=0)


def _daer() -> None:
    """Whole Da Er hands under every policy and a comparison of the presets."""
    import mjstats as mj

    mj.simulate("daer-luzhou", 30, ("efficiency", "value", "random"), seed=0)
    mj.simulate("daer-luzhou", 30, ("greedy", "passive", "efficiency"), seed=0, slip=0.1)
    mj.compare(["daer-luzhou", "daer-luzhou-mingtang", "daer-chongqing"], 30, seed=0)


WORKLOADS: dict[str, Callable[[], None]] = {
    "ev": _ev, "engine": _engine, "odds": _odds, "daer": _daer, "deals": _deals, "batch": _batch,
    "scorer": _scorer, "hand": _hand,
}
"""The workload that compiles each family of :data:`mjstats._compiling.FAMILIES`."""

assert set(WORKLOADS) == {f.key for f in FAMILIES}, "a family without a workload, or the reverse"


@dataclass(frozen=True)
class Warmed:
    """One family after :func:`warmup`: its time and how much of it was compilation."""

    family: Family
    seconds: float
    """Wall time of its workload in its process (start-up excluded)."""
    cpu_seconds: float
    """Processor time of the workload (below ``seconds`` when the cores are shared)."""
    compile_seconds: float
    """Seconds of it spent compiling; 0 when every kernel came from the disk cache."""

    def line(self) -> str:
        """``engine    287.1 s (cpu  280.2 s)  the game engine: compiled``."""
        how = "compiled" if self.compile_seconds else "loaded from the cache"
        return (f"{self.family.key:<7} {self.seconds:7.1f} s (cpu {self.cpu_seconds:6.1f} s)  "
                f"{self.family.what}: {how}")


def _warm_one(key: str) -> dict[str, float]:
    """Run one family's workload in this process, silently: wall, cpu and compile seconds."""
    from mjstats._compiling import Quiet, showing

    t0, c0 = time.perf_counter(), time.process_time()
    with showing(Quiet()):
        WORKLOADS[key]()
    return {"seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0,
            "compile_seconds": compile_seconds()}


class _Worker:
    """``python -m mjstats.warmup KEY`` in its own process, its output in temporary files."""

    def __init__(self, fam: Family):
        import subprocess
        import tempfile

        from mjstats._jit import child_command, child_env

        self.family = fam
        self.out, self.err = tempfile.TemporaryFile("w+"), tempfile.TemporaryFile("w+")
        self.proc = subprocess.Popen(child_command("mjstats.warmup", fam.key),
                                     stdout=self.out, stderr=self.err, stdin=subprocess.DEVNULL,
                                     env=child_env())

    def result(self) -> Warmed:
        """The family's :class:`Warmed` once the process has ended."""
        import json

        from mjstats.errors import MjStatsError

        self.out.seek(0)
        self.err.seek(0)
        text, err = self.out.read(), self.err.read()
        self.out.close()
        self.err.close()
        if self.proc.returncode:
            last = (err.strip().splitlines() or ["no message"])[-1]
            raise MjStatsError(f"warming up {self.family.what} failed (exit status "
                               f"{self.proc.returncode}): {last}")
        return Warmed(self.family, **json.loads(text.strip().splitlines()[-1]))


def _families(keys: Iterable[str] | None) -> list[Family]:
    from mjstats.errors import MjStatsError

    if keys is None:
        return list(FAMILIES)
    keys = list(keys)
    known = {f.key: f for f in FAMILIES}
    bad = [k for k in keys if k not in known]
    if bad:
        raise MjStatsError(f"unknown kernel family {bad[0]!r}; the families: "
                           f"{', '.join(known)}")
    return [f for f in FAMILIES if f.key in keys] if keys else list(FAMILIES)


def warmup(families: Iterable[str] | None = None, jobs: int | None = None, file=None,
           progress: bool = False) -> list[Warmed]:
    """Compile kernel families now, one process per family, ``jobs`` processes at a time.

    Parameters
    ----------
    families : iterable of str, optional
        Keys of :data:`mjstats._compiling.FAMILIES` (default: every family).
    jobs : int, optional
        Processes at a time (default: one per core, at most one per family).
    file : file object, optional
        Where to print one line per family as it ends (:meth:`Warmed.line`).
    progress : bool
        Show a bar of the families done, with the elapsed time, on standard error.

    Returns
    -------
    list of Warmed
        In the order of :data:`~mjstats._compiling.FAMILIES`.
    """
    from mjstats._checks import count

    fams = _families(families)
    jobs = count(jobs, "jobs", minimum=1, default=os.cpu_count() or 1)
    bar = None
    if progress:
        from tqdm.auto import tqdm

        bar = tqdm(total=len(fams), desc="warm-up", bar_format="{desc}: {n}/{total} families "
                   "[{elapsed}{postfix}]")
    done: dict[str, Warmed] = {}
    todo = list(fams)  # the longest first
    running: list[_Worker] = []
    try:
        while todo or running:
            while todo and len(running) < jobs:
                running.append(_Worker(todo.pop(0)))
            if bar is not None:
                bar.set_postfix_str("running: " + ", ".join(w.family.key for w in running))
            time.sleep(0.2)
            for w in [w for w in running if w.proc.poll() is not None]:
                running.remove(w)
                done[w.family.key] = r = w.result()
                if file is not None:
                    (bar.write if bar is not None else print)(r.line(), file=file)
                if bar is not None:
                    bar.update()
        if bar is not None:
            bar.set_postfix_str("")
    finally:
        for w in running:  # interrupted, or a family failed: stop the others
            w.proc.kill()
            w.proc.wait()
        if bar is not None:
            bar.close()
    return [done[f.key] for f in fams]


if __name__ == "__main__":  # a worker of warmup(): one family, its times as JSON on stdout
    import json
    import sys

    print(json.dumps(_warm_one(sys.argv[1])))
