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


ENGINE_FILES = (
    "tests/sim/", "tests/study/", "tests/results/test_results_games.py",
    "tests/results/test_results_match.py", "tests/plotting/", "tests/discard/test_policy.py",
    "tests/rules/test_add_a_rule_set.py", "tests/test_api_dispatch.py", "tests/test_bad_inputs.py",
    "tests/test_cli.py", "tests/test_compiling.py", "tests/test_durability.py",
    "tests/test_runner.py", "mjstats/",
)
"""Test files (path prefixes) that play mahjong hands in the game engine."""
EV_FILES = ("tests/sim/test_ev_bot.py", "tests/sim/test_rollout_bot.py",
            "tests/study/test_discard_table.py", "tests/test_experiments.py",
            "tests/test_report.py", "tests/test_notebooks.py")
"""Those among them (or beside them) that seat the ``ev`` or ``rollout`` bot."""


def _stage(item) -> int:
    """0: a test that needs no game engine; 1: the engine; 2: its ``ev`` or ``rollout`` seats."""
    path = Path(str(item.fspath)).resolve().relative_to(Path(__file__).resolve().parents[1])
    rel = path.as_posix()
    if rel.startswith(EV_FILES):
        return 2
    return 1 if rel.startswith(ENGINE_FILES) else 0


def pytest_collection_modifyitems(config, items):
    """Run the tests in the order the warm-up process compiles (:func:`pytest_sessionstart`).

    The tests that need no game engine first, then those of the engine, then those
    of its ``ev`` and ``rollout`` seats (each group in its collected order): on a
    cold cache the warm-up process has then compiled what they load, rather than
    each test process compiling the engine again beside it.
    """
    items.sort(key=_stage)


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
