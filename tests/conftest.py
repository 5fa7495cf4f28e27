import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

os.environ.setdefault("MPLBACKEND", "Agg")

_WARM = None
MAX_WORKERS = 4
"""At most this many test processes (``-n auto``, pyproject.toml): on a cold cache each
compiles the kernels of the tests it is given, some of them the same."""


def pytest_xdist_auto_num_workers(config):
    """One test process per core this process may use (``-n auto``), at most :data:`MAX_WORKERS`.

    ``--dist loadfile`` gives each process whole test files; ``-n 0`` runs the suite
    in one process.
    """
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(MAX_WORKERS, cores or 1))


def pytest_sessionstart(session):
    """Compile the game engine in a process of its own while the first tests run.

    A fresh clone compiles every numba kernel (most of a cold run's time);
    ``tests/warm_kernels.py`` builds the game engine's kernels into the shared
    disk cache beside the test processes (started once, by the controlling
    process when the tests run in several), so that the test files that reach
    the engine load it.  Set ``MJSTATS_NO_WARM=1`` to skip it.
    """
    global _WARM
    if os.environ.get("MJSTATS_NO_WARM") or os.environ.get("PYTEST_XDIST_WORKER"):
        return
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(root)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
    _WARM = subprocess.Popen([sys.executable, str(root / "tests" / "warm_kernels.py")],
                             cwd=root, env=env, stdout=subprocess.DEVNULL,
                             stderr=subprocess.DEVNULL)


def pytest_sessionfinish(session, exitstatus):
    if _WARM is not None and _WARM.poll() is None:
        _WARM.terminate()


@pytest.fixture(scope="session")
def rng():
    return np.random.default_rng(20261129)


@pytest.fixture
def cli(capsys):
    """Run ``mjstats ARGV`` in-process: ``cli(argv) -> (exit status, stdout, stderr)``."""
    from mjstats.cli import main

    def run(argv):
        code = main(list(argv))
        cap = capsys.readouterr()
        return code, cap.out, cap.err

    return run
