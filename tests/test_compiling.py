"""The compile notice and spinner (:mod:`mjstats._compiling`).

A cold compilation prints one line on standard error naming its family, a warm
cache prints nothing, and standard output only ever carries results.  The cold
case runs in a subprocess on an empty numba cache; its kernel (the hand
family's complete-hand check) compiles in about a second.
"""

import importlib
import os
import pkgutil
import subprocess
import sys
import types
from pathlib import Path

import numba
import pytest
from numba.core import event

import mjstats
from mjstats import _compiling
from mjstats._compiling import FAMILIES, Display, Family, family, notice_text, showing

ROOT = Path(__file__).resolve().parents[1]

# NOTICE_AFTER = 0: the notice is printed as the compilation starts, however short it is
_SCRIPT = ("import mjstats._compiling as c; c.NOTICE_AFTER = 0\n"
           "import mjstats as mj\n"
           "print(mj.is_complete('123m456p789s11122z'))\n")


def _run(cache: Path) -> subprocess.CompletedProcess:
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=os.pathsep.join(
        [str(ROOT)] + ([os.environ["PYTHONPATH"]] if os.environ.get("PYTHONPATH") else [])))
    return subprocess.run([sys.executable, "-c", _SCRIPT], env=env, cwd=ROOT,
                          capture_output=True, text=True, timeout=600)


def test_cold_cache_prints_the_notice_on_stderr_warm_cache_prints_nothing(tmp_path):
    cold = _run(tmp_path / "cache")
    assert cold.returncode == 0, cold.stderr
    assert cold.stdout == "True\n"  # results only
    hand = next(f for f in FAMILIES if f.key == "hand")
    assert cold.stderr == notice_text(hand) + "\n"
    warm = _run(tmp_path / "cache")  # the same cache, now holding the kernels
    assert warm.returncode == 0, warm.stderr
    assert (warm.stdout, warm.stderr) == ("True\n", "")


def test_notice_text():
    engine = Family("engine", "the game engine", ("mjstats.sim.engine.*",), 270)
    assert notice_text(engine) == (
        "mjstats: compiling the game engine (first run only, about 4.5 min)...")


def _fake_dispatcher(module: str, name: str = "_kernel"):
    def fn():
        pass

    fn.__module__, fn.__qualname__ = module, name
    return types.SimpleNamespace(py_func=fn)


class _Log(Display):
    def __init__(self):
        super().__init__(spinner=False)
        self.events = []

    def notice(self, text):
        self.events.append(("notice", text))

    def begin(self, fam):
        self.events.append(("begin", fam.key))

    def end(self, fam, seconds):
        self.events.append(("end", fam.key))


def _compile(module, inner=None):
    """numba's events for compiling a kernel of ``module`` (and, inside, one of ``inner``)."""
    with event.trigger_event("numba:compile", data={"dispatcher": _fake_dispatcher(module)}):
        if inner:
            _compile(inner)


@pytest.fixture
def fresh(monkeypatch):
    """A listener that has announced nothing yet, and a display that logs."""
    monkeypatch.setattr(_compiling._LISTENER, "announced", set())
    with showing(_Log()) as log:
        yield log


def test_outermost_compile_names_the_family_once(fresh, monkeypatch):
    monkeypatch.setattr(_compiling, "NOTICE_AFTER", 0)
    _compile("mjstats.sim.engine", inner="mjstats.core.shanten")  # the engine calls the core
    _compile("mjstats.sim.engine")
    engine = next(f for f in FAMILIES if f.key == "engine")
    assert fresh.events == [("begin", "engine"), ("notice", notice_text(engine)),
                            ("end", "engine"), ("begin", "engine"), ("end", "engine")]
    assert "hand" not in _compiling.announced()


def test_short_compiles_and_other_kernels_are_silent(fresh, monkeypatch):
    monkeypatch.setattr(_compiling, "NOTICE_AFTER", 3600)
    _compile("mjstats.scoring.kernels")  # over long before the notice is due
    _compile("somebody.else")  # not an mjstats kernel: not even a begin
    assert fresh.events == [("begin", "scorer"), ("end", "scorer")]
    assert _compiling.announced() == frozenset()


def test_every_kernel_belongs_to_a_family():
    """A new kernel module must be placed in a family (its notice and ``mjstats warmup``)."""
    seen = 0
    for info in pkgutil.walk_packages(mjstats.__path__, "mjstats."):
        if info.name.endswith(".__main__"):
            continue
        mod = importlib.import_module(info.name)
        for obj in vars(mod).values():
            if isinstance(obj, numba.core.dispatcher.Dispatcher) and \
                    obj.py_func.__module__ == info.name:
                name = f"{info.name}.{obj.py_func.__qualname__}"
                assert family(name) is not None, f"{name} belongs to no kernel family"
                seen += 1
    assert seen > 50


def test_warmup_workload_for_every_family():
    from mjstats.warmup import WORKLOADS

    assert list(WORKLOADS) == [f.key for f in FAMILIES]
