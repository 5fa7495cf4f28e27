"""The numba options of :mod:`mjstats._jit`."""

from __future__ import annotations

import numba
import numpy as np

from mjstats import _jit
from mjstats._jit import _plain_types


def _sum(a, lo, hi, flag):
    s = 0
    for k in range(lo, hi):
        s += a[k]
    return s if flag else -s


def _calls(callee):
    """A kernel that calls ``callee`` with three combinations of constants."""

    def caller(a, lo):
        return callee(a, 0, 34, True) + callee(a, lo, 9, False) + callee(a, 1, 34, True)

    return numba.njit(caller)


def test_constant_arguments_compile_the_callee_once():
    # not cached (fresh dispatchers), so the compilations are counted every run
    plain = _plain_types(numba.njit(_sum))
    raw = numba.njit(_sum)
    a = np.arange(40, dtype=np.int64)
    want = sum(range(34)) - sum(range(3, 9)) + sum(range(1, 34))
    assert _calls(plain)(a, 3) == want
    assert _calls(raw)(a, 3) == want
    assert len(plain.signatures) == 1
    assert str(plain.signatures[0][1]) == "int64"
    # the control: numba on its own specialises on each combination of constants
    assert len(raw.signatures) == 3


def _sum_to(a, M):
    s = 0
    for k in range(M):
        s += a[k]
    return s


def test_literal_arguments_keep_their_constants():
    # M = 4 compiles a copy of its own (a constant: its loop unrolls), a variable M another
    kept = _plain_types(numba.njit(_sum_to), literal=("M",))

    @numba.njit
    def caller(a, m):
        return kept(a, 4) + kept(a, m) + kept(a, 4)

    a = np.arange(10, dtype=np.int64)
    assert caller(a, 3) == 6 + 3 + 6
    assert sorted(str(s[1]) for s in kept.signatures) == ["Literal[int](4)", "int64"]



def _shifted(tile, by):
    return (tile << 3) - by


def test_narrow_signed_integers_compile_the_callee_once_as_int64():
    plain = _plain_types(numba.njit(_shifted))

    @numba.njit
    def caller(wall, flags):
        # an int8 tile from the wall, an int64 tile, a uint8 flag
        return plain(wall[0], 1) + plain(np.int64(wall[1]), 2) + plain(flags[0], 3)

    wall = np.array([-100, 100], np.int8)
    flags = np.array([255], np.uint8)
    # the value is the int64 one: -800 - 1 + 800 - 2 + 2040 - 3 (no int8 wrap-around)
    assert caller(wall, flags) == -800 - 1 + 800 - 2 + 2040 - 3
    assert sorted(str(s[0]) for s in plain.signatures) == ["int64", "uint8"]


def test_an_inlined_helper_is_built_once_and_copied_once_per_call_site(monkeypatch):
    # numba builds a helper's IR afresh for each call site (its untyped passes), then
    # copies it block by block twice (numba issue #8989).  mjstats._jit builds it once and
    # gives each site one copy of its blocks, which numba's inline_ir splices in place: the
    # counts fail without those patches.
    import copy

    from numba.core import inline_closurecall, ir

    def less(x, d):  # a fresh function: no IR of it is cached yet
        if x > d:
            return x - d
        return d - x

    copied, built, spliced = [], [], []
    worker = inline_closurecall.InlineWorker
    reconstruct, untyped, inline_ir = copy._reconstruct, worker.run_untyped_passes, worker.inline_ir

    def counting(x, memo, *args, **kwargs):  # every deep copy of an object goes through it
        if isinstance(x, ir.Block):
            copied.append(x)
        return reconstruct(x, memo, *args, **kwargs)

    def building(self, func, *args, **kwargs):
        built.append(func)
        return untyped(self, func, *args, **kwargs)

    def splicing(self, *args, **kwargs):
        before = len(copied)
        out = inline_ir(self, *args, **kwargs)
        spliced.append((before, len(copied)))
        return out

    monkeypatch.setattr(copy, "_reconstruct", counting)
    monkeypatch.setattr(worker, "run_untyped_passes", building)
    monkeypatch.setattr(worker, "inline_ir", splicing)
    helper = numba.njit(inline="always")(less)

    @numba.njit
    def caller(x):
        return helper(x, 1) + helper(x, 2) + helper(x, 9)  # three call sites

    assert caller(5) == 4 + 3 + 4
    assert caller(12) == 11 + 10 + 3
    assert built == [less]
    n = len(next(v for (f, _), v in _jit._UNTYPED.items() if f is less).blocks)
    assert n == 3 and spliced == [(n, n), (2 * n, 2 * n), (3 * n, 3 * n)]
    assert inline_closurecall.copy is copy  # the module is restored after each inlining


def test_numba_error_text_is_the_same_without_colorama():
    # numba wraps each highlighted piece of an error message in colorama's init/deinit;
    # mjstats._jit builds the same text directly, for every theme numba defines.
    from numba.core import errors

    assert type(errors.termcolor()).__name__ == "_Markup"
    for name, theme in errors.themes.items():
        ours, numbas = _jit._plain_markup(errors, theme), errors.HighlightColorScheme(theme)
        for part in ("code", "errmsg", "filename", "indicate", "highlight", "reset"):
            assert getattr(ours, part)("während 1 + x") == getattr(numbas, part)("während 1 + x"), \
                (name, part)


def _fill_chunk(c, out, width):
    for i in range(c * width, min((c + 1) * width, out.shape[0])):
        out[i] = c


def test_each_chunk_runs_every_chunk_once_on_threads():
    import threading

    from mjstats._jit import each_chunk

    kernel = numba.njit(nogil=True)(_fill_chunk)
    before = numba.get_num_threads()
    try:
        for n in (1, min(2, numba.config.NUMBA_NUM_THREADS)):
            numba.set_num_threads(n)
            out = np.full(103, -1, np.int64)
            each_chunk(kernel, 11, out, 10)
            assert (out == np.arange(103) // 10).all()
        # the calls happen on the threads named for it when there are several
        seen = set()
        each_chunk(lambda c: seen.add(threading.current_thread().name), 4)
        assert seen == ({"MainThread"} if numba.get_num_threads() == 1
                        else {t for t in seen if t.startswith("mjstats-chunk")})
    finally:
        numba.set_num_threads(before)


def test_each_chunk_raises_the_first_error_and_drops_the_chunks_left():
    import time

    import pytest

    from mjstats._jit import each_chunk

    done = []

    def call(c):
        if c == 0:
            raise ValueError("chunk 0 failed")
        time.sleep(0.001)  # a chunk takes time: 1,000 of them would take a second
        done.append(c)

    with pytest.raises(ValueError, match="chunk 0 failed"):
        each_chunk(call, 1000)
    assert len(done) < 999  # the chunks not started when it failed never ran


_SEPARATE_MODULE = '''
import numpy as np
from mjstats._jit import kernel, noref_kernel, separate


@separate
@noref_kernel
def heavy(a, k):
    if k < 0:
        raise ValueError("k < 0")
    s = 0
    for i in range(a.shape[0]):
        s += a[i] * k
    return s


@noref_kernel
def mid(a, k):
    return heavy(a, k) + 1


@kernel
def top(n, k):
    return mid(np.arange(n), k) + 1
'''

_SEPARATE_RUN = '''
import sys

import numba
import numpy as np
import sepmod

step = sys.argv[1]
if step == "mid":  # compiles mid and heavy
    print(sepmod.mid(np.arange(10), 2))
else:  # "top": compiles top over mid and heavy from the cache; "again": top from the cache
    print(sepmod.top(10, 2))
    try:
        sepmod.top(4, -1)
    except ValueError as e:
        print("raised", e)
    hits = [sum(f.stats.cache_hits.values()) for f in (sepmod.top, sepmod.mid, sepmod.heavy)]
    print(*hits)
    if step == "top":
        ir = sepmod.top.inspect_llvm()[(numba.int64, numba.int64)].splitlines()
        print(sum(line.startswith("define") and "heavy" in line for line in ir),
              sum(line.startswith("declare") and "mjstats.kernel.sepmod.heavy." in line
                  for line in ir))
'''


def test_a_separate_kernel_is_called_by_symbol_from_fresh_and_cached_callers(tmp_path):
    # a caller carries no copy of a separate kernel, only a declaration of its symbol
    # (here through mid, inlined into top); a caller loaded from the disk cache in a
    # new process has the kernel loaded first, also when it was compiled over a cached
    # mid (without that the call finds no symbol and the process dies)
    import os
    import subprocess
    import sys

    (tmp_path / "sepmod.py").write_text(_SEPARATE_MODULE)
    (tmp_path / "run.py").write_text(_SEPARATE_RUN)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"),
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.getcwd()]))

    def run(step):
        p = subprocess.run([sys.executable, str(tmp_path / "run.py"), step], env=env,
                           cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
        return p.stdout.split("\n")[:-1]

    assert run("mid") == ["91"]  # sum(0..9) * 2 + 1
    # cache hits of top, mid, heavy; then heavy's definitions and declarations in top
    assert run("top") == ["92", "raised k < 0", "0 1 1", "0 1"]
    assert run("again") == ["92", "raised k < 0", "1 0 1"]


def test_a_damaged_cache_file_is_compiled_again_and_saved_over(tmp_path):
    # a cache file damaged on disk (an index cut short, machine code overwritten) made
    # every later call raise UnpicklingError; now each is one line, then a cache miss
    import os
    import subprocess
    import sys

    (tmp_path / "sepmod.py").write_text(_SEPARATE_MODULE)
    (tmp_path / "run.py").write_text(_SEPARATE_RUN)
    cache = tmp_path / "cache"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache),
               PYTHONPATH=os.pathsep.join([str(tmp_path), os.getcwd()]))

    def run():
        p = subprocess.run([sys.executable, str(tmp_path / "run.py"), "again"], env=env,
                           cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
        return p.stdout.split("\n")[:-1], p.stderr

    assert run() == (["92", "raised k < 0", "0 0 0"], "")  # compiled and saved
    index = next(cache.rglob("*top*.nbi"))
    index.write_bytes(index.read_bytes()[:10])
    code = next(cache.rglob("*heavy*.nbc"))
    code.write_bytes(b"garbage")
    out, err = run()
    assert out == ["92", "raised k < 0", "0 1 0"]  # top and heavy compiled again, mid loaded
    assert sorted(line.split(" is damaged ")[0].split(os.sep)[-1] for line in
                  err.splitlines()) == sorted([f"{code.name}", f"{index.name}"])
    assert all(line.startswith("mjstats: the kernel cache file ") and line.endswith(
        "; its kernel is compiled again and saved over it") for line in err.splitlines())
    assert run() == (["92", "raised k < 0", "1 0 1"], "")  # saved over: loaded as before


def test_only_a_module_level_kernel_can_be_separate():
    # the hook of a cached caller finds the kernel again by module and name
    import pytest

    from mjstats._jit import noref_kernel, separate

    def outer():
        @noref_kernel
        def inner(x):
            return x

        return inner

    with pytest.raises(TypeError, match="not a module-level kernel"):
        separate(outer())


_NATIVE_MODULE = '''
import numpy as np

from mjstats._jit import kernel, noref_kernel, python_facing, separate


@separate
@noref_kernel
def inner(a, k):
    return a[k] * 2


@noref_kernel
def leaf(a):
    return a[0] + 5


@python_facing
@noref_kernel
def face(a):
    return a[2]


@kernel
def outer(a):
    return inner(a, 1) + leaf(a) + face(a) + 1
'''

_NATIVE_RUN = '''
import importlib.util
import sys

import numpy as np

from mjstats import _jit

spec = importlib.util.spec_from_file_location("mjstats._native_probe", sys.argv[1])
m = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = m
spec.loader.exec_module(m)
a = np.arange(5)
print(m.outer(a))
kernels = (m.inner, m.leaf, m.face)
print(*[int(_jit._has_wrapper(c)) for f in kernels for c in f.overloads.values()])
print(m.inner(a, 1), m.leaf(a), m.face(a))
print(*[int(_jit._has_wrapper(c)) for f in kernels for c in f.overloads.values()])
print(*[sum(f.stats.cache_hits.values()) for f in (m.outer, *kernels)])
'''


def test_a_kernel_only_kernels_call_has_no_python_wrapper_until_python_calls_it(tmp_path):
    # called from a kernel, inner and leaf compile without numba's Python wrapper
    # (face, marked python_facing, with it); called from Python afterwards, each
    # compiles (first run) or loads (second run, its own cache entry) a version with
    # it and returns the same; a cached caller loads the separate inner's version
    # without the wrapper first
    import os
    import subprocess
    import sys

    (tmp_path / "probe.py").write_text(_NATIVE_MODULE)
    (tmp_path / "run.py").write_text(_NATIVE_RUN)
    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.getcwd())

    def run():
        p = subprocess.run([sys.executable, str(tmp_path / "run.py"), str(tmp_path / "probe.py")],
                           env=env, cwd=tmp_path, capture_output=True, text=True, timeout=300)
        assert p.returncode == 0, (p.returncode, p.stderr[-2000:])
        return p.stdout.split("\n")[:-1]

    # outer = 2 + 5 + 2 + 1; the wrappers, then after the Python calls; cache hits of
    # outer, inner, leaf, face
    assert run() == ["10", "0 0 1", "2 5 2", "1 1 1", "0 0 0 0"]
    assert run() == ["10", "0", "2 5 2", "1 1 1", "1 2 1 1"]


def test_numba_option_sets_hash_and_compare_as_numba_defines_them():
    # mjstats._jit replaces TargetConfig's hash and equality by faster ones: the same values
    from numba.core.compiler import Flags

    a, b, c, d = Flags(), Flags(), Flags(), Flags()
    b.nrt = True
    c.nrt = False  # explicitly the default: equal to a
    d.nrt = True
    d.error_model = "numpy"
    for x in (a, b, c, d):
        assert hash(x) == hash(tuple(sorted(x.values())))  # numba's definition
        for y in (a, b, c, d):
            assert (x == y) == (x.values() == y.values())
    assert a == c and a != b and b != d


_LOCK_HOLDER = '''
import sys

import numba
import numpy as np
from filelock import FileLock

from mjstats._jit import _HELD, compile_lock
from mjstats.core.codes import _check_counts

path = compile_lock(_check_counts, (numba.typeof(np.zeros(34, np.int8)), numba.typeof(1)))
lock = FileLock(path)
lock.acquire()  # as a process compiling the kernel holds it
_HELD.add(path)  # (this process holds it: its compilation takes it no second time)
print("held", flush=True)
sys.stdin.readline()
print(_check_counts(np.zeros(34, np.int8), 1), flush=True)  # compiled and saved to the cache
lock.release()
'''

_LOCK_WAITER = '''
import numpy as np

from mjstats._compiling import compile_seconds
from mjstats.core.codes import _check_counts

print(_check_counts(np.zeros(34, np.int8), 1))
print(sum(_check_counts.stats.cache_hits.values()), sum(_check_counts.stats.cache_misses.values()))
print(compile_seconds() < 1)  # the wait is no compilation of this process
'''


def test_a_kernel_another_process_is_compiling_is_waited_for_then_loaded(tmp_path):
    # on a cold cache a process needing a kernel that another process is compiling
    # waits for it (shown as that family's compilation) and loads it from the cache
    # instead of compiling it a second time
    import os
    import subprocess
    import sys
    import time

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.getcwd())
    holder = subprocess.Popen([sys.executable, "-c", _LOCK_HOLDER], env=env, text=True,
                              stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    try:
        assert holder.stdout.readline() == "held\n"
        waiter = subprocess.Popen([sys.executable, "-c", _LOCK_WAITER], env=env, text=True,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        time.sleep(4)  # the import, then the wait on the lock, past the notice's second
        assert waiter.poll() is None  # still waiting
        holder.stdin.write("go\n")
        holder.stdin.flush()
        assert holder.stdout.readline() == "True\n"
        out, err = waiter.communicate(timeout=120)
    finally:
        holder.kill()
    assert waiter.returncode == 0, err[-2000:]
    assert out.split("\n")[:-1] == ["True", "1 0", "True"]  # the result; loaded, not compiled
    assert "mjstats: compiling the hand kernels" in err


def test_a_kernel_compiles_where_no_compile_lock_can_be_taken(monkeypatch):
    from pathlib import Path

    import mjstats._jit as jit

    def twice(x):
        return 2 * x

    twice.__module__ = "mjstats.lockless"  # an mjstats kernel: compiled under the lock
    monkeypatch.setattr(jit, "compile_lock", lambda disp, args: Path("/dev/null/no.lock"))
    assert numba.njit(twice)(21) == 42


_AHEAD_CALLER = '''
import numba
import numpy as np

from mjstats import _jit
from mjstats.core.codes import _CHECK, _check_counts

_CHECK.ahead()  # a cold cache: another process compiles the kernel
assert len(_jit._AHEAD) == 1, _jit._AHEAD
assert _jit._AHEAD[0].wait(timeout=120) == 0
path = _jit.compile_lock(_check_counts, (numba.typeof(np.zeros(34, np.int8)), numba.typeof(0)))
print(path.exists())
_CHECK.ahead()  # its lock file now exists: nothing more is started
print(len(_jit._AHEAD))
print(_CHECK.call(np.zeros(34, np.int8), 1))  # loaded from the cache, not compiled
print(sum(_check_counts.stats.cache_hits.values()), sum(_check_counts.stats.cache_misses.values()))
_CHECK.ahead()  # loaded here: nothing to do
print(len(_jit._AHEAD))
'''


def test_an_entry_compiled_ahead_in_another_process_is_loaded_from_the_cache(tmp_path):
    import os
    import subprocess
    import sys

    env = dict(os.environ, NUMBA_CACHE_DIR=str(tmp_path / "cache"), PYTHONPATH=os.getcwd())
    p = subprocess.run([sys.executable, "-c", _AHEAD_CALLER], env=env, text=True,
                       capture_output=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    assert p.stdout.split("\n")[:-1] == ["True", "1", "True", "1 0", "1"]
    assert p.stderr == ""  # the other process prints nothing, and nothing compiled here


_AHEAD_UNUSED = '''
from mjstats import _jit
from mjstats.core.codes import _CHECK

_CHECK.ahead()  # then this process ends at once, without the kernel
print(_jit._AHEAD[0].pid)
'''


def test_a_process_compiling_ahead_a_kernel_never_used_is_ended_at_exit(tmp_path):
    import os
    import subprocess
    import sys

    cache = tmp_path / "cache"
    env = dict(os.environ, NUMBA_CACHE_DIR=str(cache), PYTHONPATH=os.getcwd())
    p = subprocess.run([sys.executable, "-c", _AHEAD_UNUSED], env=env, text=True,
                       capture_output=True, timeout=300)
    assert p.returncode == 0, p.stderr[-2000:]
    pid = int(p.stdout)
    try:
        os.kill(pid, 0)
        alive = True
    except ProcessLookupError:
        alive = False
    assert not alive  # ended and waited for (reaped), not left running
    assert not list(cache.rglob("*check_counts*"))  # ended before it compiled


def test_nothing_is_compiled_ahead_on_one_core(monkeypatch, tmp_path):
    import subprocess

    from mjstats import _jit
    from mjstats.core import codes
    from mjstats.core.codes import _check_counts

    started = []
    monkeypatch.setattr(subprocess, "Popen",
                        lambda cmd, **kw: started.append(cmd[cmd.index("-m") + 1:]) or cmd)
    monkeypatch.setattr(_jit, "compile_lock", lambda disp, args: tmp_path / "none.lock")
    monkeypatch.setattr(_jit, "_AHEAD", [])
    entry = _jit.Entry(_check_counts, lambda: (np.zeros(34, np.int8), 0))
    monkeypatch.setattr(codes, "_AN_ENTRY", entry, raising=False)
    monkeypatch.setattr(_jit, "_cores", lambda: 1)
    entry.ahead()
    assert started == []  # a second process would only take the one core from this one
    monkeypatch.setattr(_jit, "_cores", lambda: 2)
    entry.ahead()
    assert started == [["mjstats._ahead", "mjstats.core.codes", "_AN_ENTRY"]]
    other = _jit.Entry(_check_counts, lambda: (np.zeros(34, np.int8), 0))
    monkeypatch.setattr(codes, "_OTHER", other, raising=False)
    entry.ahead(other)  # one process compiles both, in that order
    assert started[-1] == ["mjstats._ahead", "mjstats.core.codes", "_AN_ENTRY",
                           "mjstats.core.codes", "_OTHER"]
    monkeypatch.delattr(codes, "_AN_ENTRY")
    entry.ahead()  # no name in its module: another process could not find it
    assert len(started) == 2
    entry.ahead(other)  # the other entry alone
    assert started[-1] == ["mjstats._ahead", "mjstats.core.codes", "_OTHER"]


def _slice_from(a, n):
    out = np.zeros(n + 4, dtype=a.dtype)
    out[:n] = a
    return out


def _element_by_element(a, n):
    out = np.zeros(n + 4, dtype=a.dtype)
    for i in range(n):
        out[i] = a[i]
    return out


def _constant_fill(a, n):
    out = np.empty(n + 4, dtype=a.dtype)
    out[:] = 0
    return out


def test_a_slice_assigned_an_array_compiles_string_formatting_and_a_copy_loop_does_not():
    # the rule of mjstats/_jit.py's module text: numba lowers ``out[:n] = a`` with its
    # shape-mismatch error, whose message is formatted at run time (numba's
    # ``raise_with_shape_context``: str, join, repr compiled into the kernel's library)
    a = np.arange(6, dtype=np.int8)
    llvm = {}
    for fn in (_slice_from, _element_by_element, _constant_fill):
        f = numba.njit(fn)  # fresh, not cached: the code is built in this process
        f(a, 6)
        llvm[fn.__name__] = f.inspect_llvm(f.signatures[0])
    assert "raise_with_shape_context" in llvm["_slice_from"]
    assert "raise_with_shape_context" not in llvm["_element_by_element"]
    assert "raise_with_shape_context" not in llvm["_constant_fill"]


_KERNEL_DECORATORS = {"kernel", "noref_kernel", "inline_kernel", "parallel_kernel", "separate",
                      "python_facing"}


def _is_kernel(fn) -> bool:
    import ast

    for d in fn.decorator_list:
        name = d.func if isinstance(d, ast.Call) else d
        name = name.attr if isinstance(name, ast.Attribute) else getattr(name, "id", None)
        if name in _KERNEL_DECORATORS:
            return True
    return False


def test_no_kernel_assigns_an_array_to_a_slice():
    # a slice of a kernel's array is only ever filled with a constant (see the test above);
    # an array is copied element by element.  The scan sees slices only: a whole row
    # assigned an array (``rows[i] = a``) looks to it like a number assigned to one entry
    import ast
    from pathlib import Path

    root = Path(_jit.__file__).parent
    found, kernels = [], 0
    for path in sorted(root.rglob("*.py")):
        for fn in ast.walk(ast.parse(path.read_text())):
            if not (isinstance(fn, ast.FunctionDef) and _is_kernel(fn)):
                continue
            kernels += 1
            for node in ast.walk(fn):
                if not isinstance(node, (ast.Assign, ast.AugAssign)):
                    continue
                for t in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    index = t.slice if isinstance(t, ast.Subscript) else None
                    parts = index.elts if isinstance(index, ast.Tuple) else [index]
                    sliced = any(isinstance(p, ast.Slice) for p in parts)
                    constant = isinstance(node.value, ast.Constant) or (
                        isinstance(node.value, ast.UnaryOp)
                        and isinstance(node.value.operand, ast.Constant))
                    if sliced and not constant:
                        found.append(f"{path.relative_to(root)}:{node.lineno} {fn.name}: "
                                     f"{ast.unparse(node)}")
    assert kernels > 100  # the scan sees the kernels
    assert found == []


def test_a_child_process_imports_this_mjstats_not_one_in_its_working_folder(tmp_path):
    # `pip install . && mjstats report` runs in the source tree it installed from: a
    # warm-up or ahead-of-time child started there must import the installed mjstats,
    # whose kernels the parent loads from the cache, not the tree's copy.  Here the
    # working folder holds a stand-in `mjstats` that exits 17 when imported.
    import subprocess
    import sys

    (tmp_path / "mjstats").mkdir()
    (tmp_path / "mjstats" / "__init__.py").write_text("import sys\nsys.exit(17)\n")
    run = dict(cwd=tmp_path, env=_jit.child_env(), capture_output=True, text=True, timeout=300)
    plain = subprocess.run([sys.executable, "-m", "mjstats._version"], **run)
    assert plain.returncode == 17  # `python -m` alone imports the stand-in
    child = subprocess.run(_jit.child_command("mjstats._version"), **run)
    assert child.returncode == 0, child.stderr[-2000:]
