"""``python -m mjstats._ahead MODULE NAME``: compile the kernel of entry ``NAME`` of ``MODULE``.

The background process of :meth:`mjstats._jit.Entry.ahead`: it compiles the
kernel (or, if another process holds its compile lock, waits and loads it),
saves it to the disk cache, prints nothing and ends.
"""

from __future__ import annotations

if __name__ == "__main__":
    import importlib
    import sys

    from mjstats._compiling import Quiet, showing

    entry = getattr(importlib.import_module(sys.argv[1]), sys.argv[2])
    with showing(Quiet()):
        entry.compile()
