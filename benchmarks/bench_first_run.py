"""What a new user's first run costs: each kernel family's cold compile, and the README's
first command cold against warm.

Run ``python benchmarks/bench_first_run.py [--games N] [--skip-report | --skip-families]``.  Two
measurements, each in fresh processes with an empty numba cache and an empty
table cache (temporary folders, so the user's own caches are never touched):

1. **Cold compile per kernel family** (:data:`mjstats._compiling.FAMILIES`): the
   workload of each family (:mod:`mjstats.warmup`) run one family at a time in
   its own process (``warmup(jobs=1)``, the longest first), with its wall and
   processor seconds; then the total.  The families share one cache, so each
   figure is what that family adds to the ones before it (a kernel two families
   use counts for the first).  The processor seconds are the figure to compare
   on a shared machine.
2. **The README's first command** (``mjstats report --out DIR``, at ``--games``):
   once on the empty caches (cold: ``mjstats report`` first compiles every family
   in parallel processes, then runs its studies) and once more on the caches the
   first run left (warm); wall seconds, processor seconds of the whole process tree
   and the peak resident memory of the largest process, and the cold-to-warm ratio.

``--commands`` measures instead the other commands of the README's first-run table
(``mjstats hand 1112345678999m``, ``mjstats hand 1199m``, a hand that is not ready,
``mjstats simulate --rules sichuan --games 2000 --seed 1``; ``--only hand`` the hands
alone), each on empty caches
(cold) then again (warm), ``--repeat`` times, with the same wall, processor and memory
figures (the processor time of every process a command starts and waits for).

Every run also compiles the yardstick of :mod:`_reference` (a fixed numba program
independent of mjstats, compiled cold) before its first command and after its last,
and prints each processor time also as a multiple of the yardstick's mean: the
figure to compare across the shared machine's instances, which compile at
different speeds (``--no-reference`` skips it).

The figures are printed as a table; ``--json FILE`` keeps them.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))

from _reference import reference  # noqa: E402  (the benchmarks folder, added above)
from _timing import measured as _run  # noqa: E402


def _env(cache: Path) -> dict[str, str]:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache / "numba"), MJSTATS_CACHE=str(cache),
               PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    env.pop("MJSTATS_NO_WARM", None)
    return env


def families(cache: Path) -> list[dict]:
    """Each family's cold compile, one family at a time, in a fresh cache."""
    code = ("import json; from mjstats.warmup import warmup; "
            "print(json.dumps([dict(key=w.family.key, what=w.family.what, wall=w.seconds, "
            "cpu=w.cpu_seconds, compile=w.compile_seconds) for w in warmup(jobs=1)]))")
    r = _run([sys.executable, "-c", code], _env(cache))
    return json.loads(r["stdout"].strip().splitlines()[-1])


def report(cache: Path, out: Path, games: int) -> dict[str, float]:
    """``mjstats report`` at ``games`` on the caches in ``cache``."""
    # as the README runs it (its progress bars go to a file here); run once
    cmd = [sys.executable, "-m", "mjstats.cli", "report", "--out", str(out), "--games", str(games)]
    r = _run(cmd, _env(cache))
    return {k: r[k] for k in ("wall", "cpu", "peak_mib")}


COMMANDS = (["hand", "1112345678999m"], ["hand", "1199m"], ["hand", "1133557799m135p"],
            ["simulate", "--rules", "sichuan", "--games", "2000", "--seed", "1", "--quiet"])
"""The README's first-run table besides the report (``--quiet``: no bar in a captured run)."""


def commands(tmp: Path, repeat: int, only: str | None = None) -> list[dict]:
    """Each of :data:`COMMANDS` cold on empty caches, then warm, ``repeat`` times.

    ``only``: the commands of that verb alone (``"hand"``).
    """
    rows = []
    for i in range(repeat):
        for j, args in enumerate(COMMANDS):
            if only and args[0] != only:
                continue
            cache = tmp / f"commands-{i}-{j}"
            cmd = [sys.executable, "-m", "mjstats.cli", *args]
            for state in ("cold", "warm"):
                r = _run(cmd, _env(cache))
                rows.append({"command": " ".join(["mjstats", *args]), "state": state,
                             **{k: r[k] for k in ("wall", "cpu", "peak_mib")}})
    return rows


def _times(ref: float | None) -> str:
    """A processor time's column: ``cpu s`` and, with a yardstick, its multiple."""
    return f"{'cpu s':>8s}" + (f" {'x ref':>6s}" if ref else "")


def _cpu(cpu: float, ref: float | None) -> str:
    return f"{cpu:8.1f}" + (f" {cpu / ref:6.1f}" if ref else "")


def _print(rows, fams, rep, games, yardstick: dict | None) -> None:
    """The tables of :func:`main`, each processor time also as a multiple of the yardstick's."""
    ref = yardstick["cpu"] if yardstick else None
    if ref:
        print(f"yardstick (benchmarks/_reference.py, a fixed numba program compiled cold): "
              f"{yardstick['before']['cpu']:.2f} s of CPU before, "
              f"{yardstick['after']['cpu']:.2f} s after; 'x ref' = processor seconds / {ref:.2f}")
    if rows:
        print(f"{'command':63s} {'state':5s} {'wall s':>7s} {_times(ref)} {'peak MiB':>8s}")
        for r in rows:
            print(f"{r['command']:63s} {r['state']:5s} {r['wall']:7.1f} {_cpu(r['cpu'], ref)} "
                  f"{r['peak_mib']:8.0f}")
    if fams:
        print("cold compile per kernel family, one family at a time on one fresh cache")
        print(f"{'family':10s} {'wall s':>8s} {_times(ref)}  what")
        for f in fams:
            print(f"{f['key']:10s} {f['wall']:8.1f} {_cpu(f['cpu'], ref)}  {f['what']}")
        print(f"{'total':10s} {sum(f['wall'] for f in fams):8.1f} "
              f"{_cpu(sum(f['cpu'] for f in fams), ref)}")
    if rep:
        cold, warm = rep["cold"], rep["warm"]
        print(f"\nmjstats report --games {games:,}: ")
        print(f"{'':6s} {'wall s':>8s} {_times(ref)} {'peak MiB':>9s}")
        for name, r in (("cold", cold), ("warm", warm)):
            print(f"{name:6s} {r['wall']:8.1f} {_cpu(r['cpu'], ref)} {r['peak_mib']:9.0f}")
        print(f"cold / warm: {cold['wall'] / warm['wall']:.1f}x wall, "
              f"{cold['cpu'] / warm['cpu']:.1f}x processor time")


def main(argv: list[str] | None = None) -> None:
    """Print the families' table and the report's cold and warm runs.

    ``benchmarks/bench_compile.py`` prints them too, before the engine's kernels.
    """
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=200_000,
                   help="games of the report (its default: the README's first command)")
    p.add_argument("--skip-report", action="store_true", help="only the families")
    p.add_argument("--skip-families", action="store_true", help="only the report")
    p.add_argument("--commands", action="store_true",
                   help="only the README's hand and simulate commands, cold and warm")
    p.add_argument("--repeat", type=int, default=1, help="runs of each command (--commands)")
    p.add_argument("--only", choices=sorted({c[0] for c in COMMANDS}),
                   help="with --commands: only the commands of this verb")
    p.add_argument("--json", type=Path, help="also write the figures to this file")
    p.add_argument("--no-reference", action="store_true",
                   help="skip the yardstick (benchmarks/_reference.py) and its multiples")
    a = p.parse_args(argv)
    out: dict = {"games": a.games}
    before = None if a.no_reference else reference()
    rows, fams, rep = [], [], {}
    with tempfile.TemporaryDirectory(prefix="mjstats-first-run-") as tmp:
        tmp = Path(tmp)
        if a.commands:
            out["commands"] = rows = commands(tmp, a.repeat, a.only)
        if not (a.skip_families or a.commands):
            out["families"] = fams = families(tmp / "families")
        if not (a.skip_report or a.commands):
            cold = report(tmp / "report", tmp / "out-cold", a.games)
            warm = report(tmp / "report", tmp / "out-warm", a.games)
            out["report"] = rep = {"cold": cold, "warm": warm}
    if before is not None:
        after = reference()
        out["reference"] = {"before": before, "after": after,
                            "cpu": (before["cpu"] + after["cpu"]) / 2}
    _print(rows, fams, rep, a.games, out.get("reference"))
    if a.json:
        a.json.write_text(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
