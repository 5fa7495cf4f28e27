"""``mjstats warmup``: compile every kernel family now, in parallel, and print the times."""

from __future__ import annotations

from mjstats.cli._common import add_command


def register(sub) -> None:
    """Add ``mjstats warmup``."""
    from mjstats._compiling import FAMILIES

    p = add_command(sub, "warmup", "compile every kernel family now, one process per family "
                    "on all cores, and print each family's time (later commands load the "
                    "kernels from the disk cache at once)", run)
    p.add_argument("families", nargs="*", metavar="FAMILY",
                   help="only these families: " + ", ".join(
                       f"{f.key} ({f.what})" for f in FAMILIES) + " (default: all)")
    p.add_argument("--jobs", type=int, default=None,
                   help="processes at a time (default: one per core)")
    p.add_argument("--quiet", action="store_true", help="no progress bar")


def run(args) -> int:
    """Warm the families of ``args`` and print one line per family, then the total."""
    import sys
    import time

    from mjstats.warmup import warmup

    t0 = time.perf_counter()
    done = warmup(args.families or None, args.jobs, file=sys.stdout, progress=not args.quiet)
    compiled = sum(1 for w in done if w.compile_seconds)
    print(f"{len(done)} families in {time.perf_counter() - t0:.1f} s "
          f"({compiled} compiled, {len(done) - compiled} loaded from the cache)")
    return 0
