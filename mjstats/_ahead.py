"""``python -m mjstats._ahead MODULE NAME [MODULE NAME ...]``: compile the kernels of these entries.

The background process of :meth:`mjstats._jit.Entry.ahead`: it compiles each
entry's kernel in turn (or, if another process holds its compile lock, waits
and loads it), saves it to the disk cache, prints nothing and ends.
"""

from __future__ import annotations

if __name__ == "__main__":
    import importlib
    import sys

    from mjstats._compiling import Quiet, showing

    with showing(Quiet()):
        for module, name in zip(sys.argv[1::2], sys.argv[2::2], strict=True):
            getattr(importlib.import_module(module), name).compile()
