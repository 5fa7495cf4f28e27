"""One place for numba options.

Every compiled kernel in mjstats is decorated with :func:`kernel` (serial),
:func:`noref_kernel` (serial, allocates nothing, no reference counting: the
game engine, bots and hand kernels on its path), :func:`parallel_kernel` (an
outer ``prange`` loop over small kernels: the batch hand functions, the deal
studies; the engines play one chunk per call, :func:`each_chunk` runs the
chunks on threads) or :func:`inline_kernel` (a tiny leaf helper inlined into
its callers: inlining a larger body costs far more compile time than it saves,
see there).  All cache the machine code on disk (``cache=True``) so that a second
process starts in about a second, and all use numpy's error model (no exceptions
raised for division by zero inside hot loops).  A kernel called from another
compiles once per argument types, never once per combination of constant
arguments (:func:`_plain_types`), numba inlines a helper without its
redundant deep copies of the helper's code and builds the helper's untyped
IR once (:func:`_inline_fresh`), numba's error messages (thousands built and
never shown while a kernel is typed) skip colorama (:func:`_plain_markup`), and the
callers of the largest kernels (the game engine's ``_play``, the scorer, the
bots' discard scan, the odds search) call their machine code instead of
optimizing and emitting a copy of it each (:func:`separate`); a kernel that
only kernels call is compiled without numba's Python wrapper (:func:`_compile_for`),
and no kernel or overload implementation with its C wrapper
(:func:`_get_jit_decorator`); numba's option
sets hash and compare without rebuilding every option's value on each of a
cold compile's cache lookups (:func:`_config_hash`), and processes started
together on a cold cache compile each kernel once: one compiles it while the
others wait for it, then load it (:func:`_compile_once`).  Kernels
are never recursive: numba's on-disk cache breaks on recursion (numba issues
#6061, #9129).  A kernel copies an array into part of another element by
element, never by slice assignment (``out[:n] = a``, ``rows[i] = a``): numba
lowers that assignment with its shape-mismatch error, whose message it formats
at run time, so the kernel and every kernel that links it compile and optimize
numba's string formatting (``str``, ``join``, ``repr``) as well; three such
copies made the odds solver's cold compile a quarter longer (33 against 27 s of
CPU, ``NUMBA_CACHE_DIR=$(mktemp -d) python -m mjstats.warmup odds``).  A slice
filled with a constant (``q[:] = 0.0``) raises nothing and is fine
(``tests/test_jit.py`` checks both).  A per-hand public function calls its kernel through
:class:`Entry`, the compiled function for fixed argument types, skipping the
dispatcher's typing of every argument.

The cache lives in ``$MJSTATS_CACHE/numba/<hash of the sources>`` (default
``~/.cache/mjstats``), so editing any kernel recompiles every kernel that might
inline it; ``NUMBA_CACHE_DIR`` overrides the location.

A cold compilation is announced, a warm start is silent
(:mod:`mjstats._compiling`, registered when this module is imported).  numba
fires its ``numba:compile`` event only when it compiles: a signature that
neither the process nor the disk cache holds (a cache load fires nothing).  A
listener takes the outermost event (the kernels a kernel calls compile inside
it), finds the kernel's family by its module and name (the game engine, Da
Er's engine, the odds solver, the deal kernels, the hand and batch kernels,
the scorers: one table, :data:`mjstats._compiling.FAMILIES`, with each
family's measured cold time), and, once that compilation has run a second,
prints one line on standard error the first time in the process::

    mjstats: compiling the game engine (first run only, about 1 min)...

Then, every second, it shows the elapsed time: in the progress bar of a run
(whose rate clock stops meanwhile, :class:`mjstats.runner.Meter`), or as a
spinner on standard error when that is a terminal (not with ``--quiet``).
Nothing is written to standard output.  ``mjstats warmup``
(:mod:`mjstats.warmup`) compiles every family at once, one process per family.

The number of threads used by parallel kernels and by :func:`each_chunk` follows
numba (``NUMBA_NUM_THREADS`` or :func:`numba.set_num_threads`); results never depend
on it because randomness is seeded per chunk, not per thread.
"""

from __future__ import annotations

import atexit
import copy
import hashlib
import os
import sys
from pathlib import Path
from typing import NamedTuple

import numba
from numba.core import bytecode as _bytecode
from numba.core import event, sigutils, types
from numba.core import inline_closurecall as _icc
from numba.core.base import BaseContext as _BaseContext
from numba.core.caching import FunctionCache as _FunctionCache
from numba.core.caching import IndexDataCacheFile as _IndexDataCacheFile
from numba.core.compiler import CompileResult as _CompileResult
from numba.core.compiler_lock import global_compiler_lock
from numba.core.dispatcher import Dispatcher as _Dispatcher
from numba.core.targetconfig import TargetConfig as _TargetConfig
from numba.core.typing.templates import _OverloadFunctionTemplate as _OverloadTemplate

from mjstats import _compiling  # noqa: F401  (registers the compile listener before any kernel)


def _source_hash() -> str:
    """Hash of every mjstats source file: the key of the on-disk kernel cache.

    numba invalidates a cached kernel when *its own* file changes, not when a
    kernel it calls (in another file) does; keying the whole cache folder on
    all sources makes a stale kernel impossible.
    """
    root = Path(__file__).resolve().parent
    h = hashlib.blake2b(digest_size=8)
    for path in sorted(root.rglob("*.py")):
        h.update(str(path.relative_to(root)).encode())
        h.update(path.read_bytes())
    return h.hexdigest()


CACHE_MARKER = ".mjstats-kernel-cache"
"""File that marks a kernel-cache folder as made by mjstats: only such folders are ever removed."""


def _set_cache_dir() -> None:
    if os.environ.get("NUMBA_CACHE_DIR"):
        return  # the user chose a folder; respect it
    base = os.environ.get("MJSTATS_CACHE") or str(Path.home() / ".cache" / "mjstats")
    folder = Path(base) / "numba" / _source_hash()
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / CACHE_MARKER).touch()
    except OSError:
        return  # read-only home: numba falls back to __pycache__
    numba.config.CACHE_DIR = str(folder)
    _drop_stale(folder)


def _drop_stale(keep: Path, age: float = 86400) -> None:
    """Remove the kernel caches of other source versions unused for ``age`` seconds.

    Only folders beside ``keep`` that mjstats made (they hold
    :data:`CACHE_MARKER`) are removed, never a link, a file or anything else a
    user put there; a day's grace lets another process still running an older
    version keep its cache.
    """
    import shutil
    import time

    for old in keep.parent.iterdir():
        try:
            marker = old / CACHE_MARKER  # touched by every process that uses the cache
            stale = (old != keep and not old.is_symlink() and old.is_dir()
                     and marker.is_file() and time.time() - marker.stat().st_mtime > age)
        except OSError:
            continue
        if stale:
            shutil.rmtree(old, ignore_errors=True)


_set_cache_dir()

OVERLOAD_OPTIONS = dict(nogil=True, error_model="numpy", no_cfunc_wrapper=True)
"""The ``jit_options`` of an ``@overload`` whose implementation is compiled and called.

Not inlined (``inline="always"`` has numba compile the implementation in full only to
learn its return type, then type and lower its body again inside each caller).
"""

_OPTIONS = dict(cache=True, **OVERLOAD_OPTIONS)
"""The options of every kernel: those of an overload, and cached on disk."""


def _plain(t):
    """The type a kernel-to-kernel call passes for an argument of type ``t``.

    No literal (a constant is typed as its plain type), and a signed integer of
    8, 16 or 32 bits widened to ``int64``: the value is the same (numba computes
    with small signed integers in ``int64`` anyway), and the callee compiles once.
    Unsigned integers keep their type (``~x`` of a ``uint8`` is not that of an
    ``int64``).
    """
    t = types.unliteral(t)
    if isinstance(t, types.Integer) and t.signed and t.bitwidth < 64:
        return types.int64
    return t


def _plain_types(disp, literal=()):
    """Make kernel-to-kernel calls compile ``disp`` for plain argument types.

    numba types a constant argument as a literal (``Literal[int](34)``, not
    ``int64``) and compiles a separate specialization of the callee for every
    combination of constants its callers pass: ``_efficient_discard(..., 0, 34,
    1, sc)``, ``(..., lo, hi, 2, sc)`` and ``(..., 0, 34, 2, sc)`` were three full
    compilations of the largest kernel.  Here every call is typed with the plain
    types, so each kernel compiles once per argument types
    (``benchmarks/bench_compile.py`` counts them).  (Inlined helpers,
    :func:`inline_kernel`, still see their constants: they are inlined before
    typing.)

    The arguments named in ``literal`` keep their constants: a call passing
    ``M = 4`` compiles a specialization of its own, in which ``M`` is the
    machine constant 4 (loops over it unroll), beside the one for a variable
    ``M``.

    A signed integer narrower than 64 bits is passed as ``int64`` (:func:`_plain`):
    a tile read from an ``int8`` wall and a tile held in an ``int64`` variable
    made two compilations of the whole scorer under the engine.
    """
    code = disp.py_func.__code__
    keep = frozenset(i for i, name in enumerate(code.co_varnames[:code.co_argcount])
                     if name in literal)
    base = disp.get_call_template

    def get_call_template(args, kws):
        _NATIVE.append(disp)  # the compile this asks for serves compiled callers only
        try:
            return base(tuple(a if i in keep else _plain(a) for i, a in enumerate(args)),
                        {k: v if k in literal else _plain(v) for k, v in kws.items()})
        finally:
            _NATIVE.pop()

    disp.get_call_template = get_call_template
    return disp


class _FreshIR:
    """Stands in for the :mod:`copy` module in numba's ``inline_ir`` (see :func:`_inline_fresh`)."""

    @staticmethod
    def deepcopy(block, memo=None):
        return block


_UNTYPED: dict = {}
"""The untyped IR of each :func:`inline_kernel` helper, built once (:func:`_untyped_ir`)."""


def _untyped_ir(worker, function):
    """A fresh copy of ``function``'s untyped IR, for ``InlineWorker.inline_function``.

    numba runs a helper's untyped passes again at every call site (bytecode,
    IR, and the inlining of the helpers *it* calls): about 3 s of the 98 s of
    CPU of a cold ``simulate``.  Here they run once per helper and option set
    (the IRs kept take about 16 MB); each site gets a deep copy of the blocks
    (one copy, so the scope of variables is copied once, not once per block)
    and a new function identity (numba names the inlined variables after it,
    so two sites never share a name).  The IR spliced into the caller is the
    one the passes would build, up to the numbering of labels and variables:
    the same machine code.  The passes also turn the caller's SSA option off; a
    cached copy does the same.
    """
    options = worker.flags.values()
    options.pop("enable_ssa")  # the passes set it (off) themselves
    key = (function, repr(sorted(options.items())))
    base = _UNTYPED.get(key)
    if base is None:
        base = _UNTYPED[key] = worker.run_untyped_passes(function)
    else:
        worker.flags.enable_ssa = False
    fresh = base.copy()
    fresh.blocks, fresh._definitions = copy.deepcopy((base.blocks, base._definitions))
    fresh.block_entry_vars = {}
    fresh.func_id = _bytecode.FunctionIdentity.from_function(function)
    return fresh


def _inline_fresh(self, caller_ir, block, i, function, arg_typs=None):
    """``InlineWorker.inline_function`` without deep copies of an IR built for one call site.

    For every call of an :func:`inline_kernel` helper, numba builds the helper's
    IR afresh (``run_untyped_passes``; here a copy of the IR built for its first
    call, :func:`_untyped_ir`), then ``inline_ir`` deep-copies it twice,
    block by block: once "because it gets mutated", once to return an unmutated
    copy that this path discards (numba issue #8989).  Each block's copy copies
    the function's whole scope of variables again, so the cost grows with blocks
    times variables: a tenth of the game engine's cold compile.  Nothing else
    holds the fresh IR, so here ``inline_ir`` works on it in place; the IR it
    splices into the caller is the same, and so is the machine code.  numba
    compiles under one global lock, so the module attribute swapped here is seen
    by no other compilation.  Relies on numba's private ``inline_closurecall``
    module (numba is pinned in ``pyproject.toml``).
    """
    callee_ir = _untyped_ir(self, function)
    _icc.copy = _FreshIR
    try:
        return self.inline_ir(caller_ir, block, i, callee_ir, function.__code__.co_freevars,
                              arg_typs=arg_typs)
    finally:
        _icc.copy = copy


_icc.InlineWorker.inline_function = _inline_fresh

def _plain_markup(errors, theme):
    """Highlight numba's error messages without colorama's set-up and tear-down per message.

    Typing a kernel builds thousands of error messages it never shows (every
    overload that does not match), and numba wraps each piece of highlighted
    text in ``colorama.init()`` / ``deinit()``, which rewrap standard output
    and error every time (one to two seconds of a cold ``simulate``).  The same
    text, the escape codes of ``theme``, built directly.
    """

    class _Markup(errors.HighlightColorScheme):
        def _markup(self, msg, color=None, style=errors.Style.BRIGHT):
            return f"{color or ''}{style or ''}{msg}{errors.Style.RESET_ALL}"

    return _Markup(theme)


def _install_plain_markup() -> None:
    """Make numba's error messages use :func:`_plain_markup` (unless highlighting is off)."""
    from numba.core import errors

    scheme = getattr(errors, "HighlightColorScheme", None)  # absent when highlighting is off
    if scheme is not None and type(errors._termcolor_inst) in (scheme, type(None)):
        theme = errors.themes[numba.core.config.COLOR_SCHEME]
        errors._termcolor_inst = _plain_markup(errors, theme)


_install_plain_markup()


_SEPARATE: set[tuple[str, str]] = set()
"""``(module, qualified name)`` of the kernels their callers call by symbol (:func:`separate`)."""


def separate(disp):
    """Let the callers of kernel ``disp`` call its machine code instead of carrying a copy.

    numba links the code of every kernel a kernel calls into its own library, then
    optimizes and emits the whole again: the game engine's ``_play`` was compiled
    once for itself and once more inside every kernel that plays hands
    (``_run_chunk`` ...), and the scorer inside each of the engine's win steps.
    A caller of a ``separate`` kernel holds only a declaration of a symbol named
    for the kernel and its argument types (:func:`_symbol`), resolved to the
    kernel's compiled function in this process (:func:`_define`); a caller
    loaded from the disk cache first has the kernel compiled or loaded
    (:class:`_Bind`, one of numba's ``reload_init`` hooks, stored with the
    caller).  Each kernel computes what it did, so the results are the same; the
    call is an ordinary call that LLVM cannot inline, so this is for large
    kernels, whose work dwarfs a call.  Only a module's own kernels qualify (the
    hook finds the kernel by its module and name).  Relies on numba's private
    code-library and context internals (numba is pinned in ``pyproject.toml``).
    """
    f = disp.py_func
    if "." in f.__qualname__:
        raise TypeError(f"separate: {f.__qualname__} is not a module-level kernel")
    _SEPARATE.add((f.__module__, f.__qualname__))
    return disp


def python_facing(disp):
    """Mark kernel ``disp`` as one Python calls too: always compiled with numba's Python wrapper.

    A kernel that only kernels call is compiled without the wrapper
    (:func:`_compile_for`); one that a public function also calls (the scorer
    behind ``mj.score``, ...) would then compile twice, once for each kind of
    caller, in the processes that use both.  A kernel behind an :class:`Entry` is
    marked by it.
    """
    _PYTHON.add(disp)
    return disp


def _symbol(fndesc) -> str:
    """The name callers use for a :func:`separate` kernel's compiled function.

    The kernel and its argument types, the same in every process (numba's own
    name carries a number that depends on the order of compilation).
    """
    sig = ", ".join(map(str, fndesc.argtypes)) + " -> " + str(fndesc.restype)
    digest = hashlib.blake2b(sig.encode(), digest_size=8).hexdigest()
    return f"mjstats.kernel.{fndesc.modname}.{fndesc.qualname}.{digest}"


_DEFINED: dict[str, int] = {}


def _define(fndesc, library) -> str:
    """Make :func:`_symbol` of ``fndesc`` resolve to its function in ``library``; the symbol."""
    import llvmlite.binding as ll

    name = _symbol(fndesc)
    address = library.get_pointer_to_function(fndesc.llvm_func_name)
    if not address:
        raise RuntimeError(f"mjstats: {fndesc.qualname} has no compiled function to call")
    if _DEFINED.get(name) != address:
        ll.add_symbol(name, address)
        _DEFINED[name] = address
    return name


class _Bind(NamedTuple):
    """Compile or load a :func:`separate` kernel for these argument types (a ``reload_init``).

    Stored with every caller's cached machine code and run by numba before that
    code is loaded, so that the symbol it calls is defined first.
    """

    module: str
    qualname: str
    argtypes: tuple

    def __call__(self):
        import importlib

        disp = getattr(importlib.import_module(self.module), self.qualname)
        _NATIVE.append(disp)  # only compiled code calls it here: no Python wrapper
        try:
            disp.compile(self.argtypes)  # loading or compiling it defines its symbol
        finally:
            _NATIVE.pop()


def _by_symbol(fndesc, libs):
    """The ``user_function`` of numba for a :func:`separate` kernel: a call to its symbol.

    numba's own call (its declaration named :func:`_symbol`), with no library to
    link and the caller's :class:`_Bind` hook recorded.
    """
    from numba.core.imputils import user_function

    callee = copy.copy(fndesc)
    callee.mangled_name = _define(fndesc, libs[0])
    call = user_function(callee, ())
    bind = _Bind(fndesc.modname, fndesc.qualname, tuple(fndesc.argtypes))

    def imp(context, builder, sig, args):
        context.active_code_library._reload_init.add(bind)
        return call(context, builder, sig, args)

    imp.signature = call.signature
    imp.libs = ()
    return imp


def _insert_user_function(self, func, fndesc, libs=()):
    """The ``BaseContext.insert_user_function`` of numba, :func:`separate` kernels by symbol."""
    if (fndesc.modname, fndesc.qualname) in _SEPARATE:
        impl = _by_symbol(fndesc, libs)
        self._defns[func].append(impl, impl.signature)
        return
    _base_insert_user_function(self, func, fndesc, libs)


_base_insert_user_function = _BaseContext.insert_user_function
_BaseContext.insert_user_function = _insert_user_function


def _rebuild(cls, target_context, libdata, fndesc, env, signature, objectmode, lifted, typeann,
             reload_init, referenced_envs):
    """The ``CompileResult._rebuild`` of numba (a kernel loaded from the cache), hooks kept.

    numba runs the hooks a cached kernel was stored with, then forgets them: the
    code library it loads holds none, so a kernel compiled later that links this
    one would be stored without them, and, loaded from the cache in another
    process, would call a :func:`separate` kernel that nothing has loaded.
    """
    cr = _base_rebuild(cls, target_context, libdata, fndesc, env, signature, objectmode,
                       lifted, typeann, reload_init, referenced_envs)
    cr.library._reload_init.update(reload_init or ())
    return cr


_base_rebuild = _CompileResult._rebuild.__func__
_CompileResult._rebuild = classmethod(_rebuild)


_OPTION_HASHES: dict[type, int] = {}


def _config_hash(self) -> int:
    """The ``TargetConfig.__hash__`` of numba without rebuilding the options on every call.

    numba hashes ``tuple(sorted(self.values()))``: the sorted *names* of the
    class's options (iterating a dict gives its keys), the same for every
    instance, built anew from every option's value on each of the tens of
    thousands of cache lookups a cold compile makes.  Same value, once per class.
    """
    cls = type(self)
    h = _OPTION_HASHES.get(cls)
    if h is None:
        h = _OPTION_HASHES[cls] = hash(tuple(sorted(cls.options)))
    return h


def _config_eq(self, other):
    """The ``TargetConfig.__eq__`` of numba (every option's value equal), explicit ones first.

    Equal in the options set explicitly means equal everywhere; else numba's comparison.
    """
    if isinstance(other, _TargetConfig):
        if type(self) is type(other) and self._values == other._values:
            return True
        return self.values() == other.values()
    return NotImplemented


_TargetConfig.__hash__ = _config_hash
_TargetConfig.__eq__ = _config_eq


def _lock_dir() -> Path | None:
    """The folder of the compile locks (:func:`_compile_once`): in the kernel cache, or none."""
    if not numba.config.CACHE_DIR:
        return None  # numba caches beside the sources: no folder of ours to lock in
    folder = Path(numba.config.CACHE_DIR) / "locks"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder


def compile_lock(disp, args) -> Path | None:
    """The lock file of kernel ``disp`` for argument types ``args`` (:func:`_compile_once`)."""
    folder = _lock_dir()
    if folder is None:
        return None
    f = disp.py_func
    key = f"{f.__module__}.{f.__qualname__}({', '.join(map(str, args))})"
    return folder / f"{hashlib.blake2b(key.encode(), digest_size=8).hexdigest()}.lock"


_HELD: set[Path] = set()
"""The compile locks this process holds (a kernel compiling its callees takes theirs too)."""

_NATIVE: list = []
"""The kernels whose compile at hand serves compiled callers only (:func:`_compile_for`)."""

_PYTHON: set = set()
"""The kernels always compiled with the Python wrapper (:func:`python_facing`)."""


def _has_wrapper(cres) -> bool:
    """Whether compiled kernel ``cres`` can be called from Python (it has numba's wrapper)."""
    return cres.library.get_pointer_to_function(cres.fndesc.llvm_cpython_wrapper_name) != 0


def _index_key(self, sig, codegen):
    """The cache index key of numba, marked for a kernel compiled without its Python wrapper."""
    key = _base_index_key(self, sig, codegen)
    return key + ("native",) if getattr(self, "_mjstats_native", False) else key


_base_index_key = _FunctionCache._index_key
_FunctionCache._index_key = _index_key


_DAMAGED: set[str] = set()
"""Cache files already reported damaged in this process (each is reported once)."""


def _damaged(path: str, e: Exception) -> None:
    if path not in _DAMAGED:
        _DAMAGED.add(path)
        print(f"mjstats: the kernel cache file {path} is damaged ({type(e).__name__}); "
              f"its kernel is compiled again and saved over it", file=sys.stderr, flush=True)


def _load_index(self):
    """The index of a cached kernel (numba's); a damaged one (truncated, garbage) reads as empty.

    numba writes its cache files whole (a temporary file renamed over the old), but
    a file damaged on disk made every later call raise ``UnpicklingError``: here it
    is a cache miss, compiled again, and the index written anew over it.
    """
    try:
        return _base_load_index(self)
    except Exception as e:  # noqa: BLE001 - unpickling a damaged file raises many kinds
        _damaged(self._index_path, e)
        return {}


def _load_data(self, name):
    """The machine code of a cached kernel (numba's); a damaged file is a cache miss."""
    try:
        return _base_load_data(self, name)
    except OSError:
        raise  # numba's own miss: the file went away
    except Exception as e:  # noqa: BLE001 - unpickling a damaged file raises many kinds
        _damaged(self._data_path(name), e)
        raise FileNotFoundError(self._data_path(name)) from None  # read by numba as a miss


_base_load_index = _IndexDataCacheFile._load_index
_IndexDataCacheFile._load_index = _load_index
_base_load_data = _IndexDataCacheFile._load_data
_IndexDataCacheFile._load_data = _load_data


def _compile_for(self, sig, args):
    """The ``Dispatcher.compile`` of numba, without the Python wrapper where no Python calls it.

    numba gives every compiled kernel two wrappers besides its machine code: one
    that Python calls (unboxing each argument: a tuple of 47 arrays is hundreds
    of fields) and one with a C signature, and optimizes and emits both.  A
    kernel that only other kernels call (the request comes through
    :func:`_plain_types`' typing of the call, or :class:`_Bind`) never uses
    either: a trivial kernel taking the ``ev`` bot's arrays compiled in 0.08 s
    of CPU without them, 0.74 s with.  Such a kernel is compiled, and cached
    under a key of its own (:func:`_index_key`), without them; it is not entered
    in the dispatcher's table of Python-callable versions, so that a later
    call from Python (a test, an entry point) finds none and compiles (or
    loads) the kernel again with its wrapper.  A kernel Python calls too
    (:func:`python_facing`: those behind an :class:`Entry`, the scorer) always
    has it, so that the version the engine compiled serves both.  No
    kernel has the C wrapper (nothing in mjstats takes a kernel's address).
    ``args`` are ``sig``'s argument types, as :func:`_compile_once` normalized them.
    """
    native = bool(_NATIVE) and _NATIVE[-1] is self and self not in _PYTHON
    existing = self.overloads.get(tuple(args))
    if existing is not None:
        if native or _has_wrapper(existing):
            return existing.entry_point
        del self.overloads[tuple(args)]  # Python calls it now: compile it with its wrapper
    opts = self.targetoptions
    saved = opts.get("no_cpython_wrapper")
    opts["no_cpython_wrapper"] = native
    self._cache._mjstats_native = native
    try:
        return _base_compile(self, sig)
    finally:
        self._cache._mjstats_native = False
        if saved is None:
            del opts["no_cpython_wrapper"]
        else:
            opts["no_cpython_wrapper"] = saved


def _get_jit_decorator(self):
    """The jit decorator of numba's ``@overload`` templates, with no C wrapper.

    numba compiles each overload implementation a kernel uses (its own
    ``np.zeros``, ``np.empty`` ... for each argument type, and mjstats' own)
    without the Python wrapper but with the C one, which nothing calls.
    """
    jitter = _base_get_jit_decorator(self)
    return lambda **options: jitter(**{"no_cfunc_wrapper": True, **options})


_base_get_jit_decorator = _OverloadTemplate._get_jit_decorator
_OverloadTemplate._get_jit_decorator = _get_jit_decorator


def _add_overload(self, cres):
    """The ``Dispatcher.add_overload`` of numba; a kernel without a Python wrapper is kept aside."""
    if cres.objectmode or _has_wrapper(cres):
        return _base_add_overload(self, cres)
    self.overloads[tuple(cres.signature.args)] = cres


_base_add_overload = _Dispatcher.add_overload
_Dispatcher.add_overload = _add_overload


def _compile_once(self, sig):
    """The ``Dispatcher.compile`` of numba, one process at a time per kernel and argument types.

    On a cold cache, processes started together (``mjstats warmup``'s one per
    family, whose kernels overlap; the test suite's processes beside its warm-up;
    two notebooks) would each compile the same kernel.  Here a process first takes
    a file lock named for the kernel and its argument types in the cache folder
    (:func:`compile_lock`), then numba looks in its memory and on disk and
    compiles only on a miss: a process that waited loads what the other saved.
    The lock is taken under numba's own compiler lock, so that one thread per
    process holds file locks, and a kernel's compilation takes its callees'
    locks inside its own: callers before callees, never the reverse (kernels are
    not recursive), so no two processes can wait on each other.  A wait is shown
    as that family's compilation (:mod:`mjstats._compiling`: the notice, the
    elapsed time, a progress bar's clock stopped), not counted as compile time.
    Kernels outside mjstats, a cache numba keeps beside the sources and a folder
    where no lock can be taken compile as numba does.
    """
    from filelock import FileLock, Timeout

    if not self.py_func.__module__.startswith("mjstats."):
        return _base_compile(self, sig)
    with global_compiler_lock:
        args, return_type = sigutils.normalize_signature(sig)
        if self.overloads.get(tuple(args)) is not None:
            return _compile_for(self, sig, args)  # in memory already (with its wrapper if need be)
        path = compile_lock(self, args)
        if path is None or path in _HELD:
            return _compile_for(self, sig, args)
        lock = FileLock(path)
        try:
            lock.acquire(timeout=0)
        except Timeout:  # another process compiles (or loads) it: wait, shown as compiling
            with event.trigger_event(_compiling.WAIT, data=dict(
                    dispatcher=self, args=args, return_type=return_type)):
                lock.acquire()
        except OSError:  # no lock to be had here (a read-only folder, no file locks)
            return _compile_for(self, sig, args)
        _HELD.add(path)
        try:
            return _compile_for(self, sig, args)
        finally:
            _HELD.discard(path)
            lock.release()


_base_compile = _Dispatcher.compile
_Dispatcher.compile = _compile_once


def kernel(fn):
    """Compile ``fn`` as a serial, cached, no-Python kernel.

    Reference counting (numba's runtime, NRT) is on, so the kernel may allocate;
    it is set explicitly because numba otherwise inherits the caller's setting,
    and a kernel that allocates must compile the same when a
    :func:`noref_kernel` calls it.
    """
    return _plain_types(numba.njit(_nrt=True, **_OPTIONS)(fn))


def noref_kernel(fn=None, *, literal=()):
    """Compile ``fn`` as a serial, cached kernel without reference counting.

    For kernels that allocate nothing (they work in arrays their caller owns):
    numba's runtime (NRT) then adds no atomic increment and decrement each time
    an array is passed on or a row view is taken (about a sixth of the game
    engine's time went to those atomic operations).  Allocating inside such a
    kernel is a compile error, so a kernel cannot silently leak or lose memory.
    The arrays it sees stay alive because its caller holds them.

    ``@noref_kernel(literal=("M",))``: a call passing a constant ``M`` compiles
    a specialization for that constant (:func:`_plain_types`), so that loops
    over ``M`` unroll, without inlining the kernel's body into its callers.
    """
    if fn is None:
        return lambda f: noref_kernel(f, literal=literal)
    return _plain_types(numba.njit(_nrt=False, **_OPTIONS)(fn), literal)


def inline_kernel(fn):
    """Compile ``fn`` as a small helper that numba inlines into every caller.

    For tiny leaf functions on the hottest paths (table-row arithmetic,
    :func:`~mjstats.core.tables.entry`, :func:`~mjstats.core.codes._pick`), so
    that constants such as ``M = 4`` propagate and loops unroll.  numba inlines
    at the level of its own IR, before typing: for every call site it builds
    the helper's IR afresh, itself expanded with every helper *it* inlines
    (numba's own block-by-block deep copies of that IR are skipped,
    :func:`_inline_fresh`), and types and lowers the copy as part of the
    caller.  A leaf costs a fraction of a second
    of compile per call site; ``_cz`` of :mod:`mjstats.sim.bots` (a max-plus
    product: two loops and four inlined ``entry``) about half a second; a large
    body a great deal more: ``_efficient_discard`` took 128 s of CPU to
    compile when it inlined the whole discard scan and tie-break twice (for
    ``M = 4`` and a variable ``M``), 2 s once those are kernels of their own
    called with a constant ``M`` (``noref_kernel(literal=("M",))``;
    ``python benchmarks/bench_compile.py``).  So a helper with loops, or one
    that calls other helpers, is a kernel of its own: numba compiles it once
    per argument types and LLVM still inlines it where that pays (a small
    callee such as ``_tight``, ``_part_gains``).
    """
    return numba.njit(inline="always", **_OPTIONS)(fn)


def parallel_kernel(fn):
    """Compile ``fn`` as a cached kernel whose outer ``prange`` loop runs in threads."""
    return _plain_types(numba.njit(parallel=True, _nrt=True, **_OPTIONS)(fn))


prange = numba.prange


def each_chunk(fn, n_chunks: int, *args) -> None:
    """Call ``fn(c, *args)`` for every ``c`` in ``range(n_chunks)``, on numba's threads.

    The whole-hand engines are serial kernels that play one seeded chunk per
    call (``_run_chunk`` and the like); they release the GIL (``nogil``), so
    :func:`numba.get_num_threads` Python threads run them in parallel, each
    taking the next chunk when it is done.  Results never depend on the
    threads: each chunk is seeded on its own and writes its own rows.

    Why not a :func:`parallel_kernel`: numba compiles a ``prange`` loop as three
    more machine-code libraries (the loop body as a gufunc and two wrappers),
    and each one re-optimizes and re-emits everything the loop calls.  For the
    game engine that was three more copies of the whole engine, about 15 s of
    processor time per engine variant (``benchmarks/bench_compile.py``); a
    chunk takes a tenth of a second or more, so a call per chunk costs nothing
    measurable.  The first exception of a chunk is raised here, after the
    chunks already running have ended; the chunks not yet started are dropped.
    """
    n = min(numba.get_num_threads(), n_chunks)
    if n <= 1:
        for c in range(n_chunks):
            fn(c, *args)
        return
    from concurrent.futures import ThreadPoolExecutor

    pool = ThreadPoolExecutor(n, thread_name_prefix="mjstats-chunk")
    try:
        for f in [pool.submit(fn, c, *args) for c in range(n_chunks)]:
            f.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def entry_point(disp, *example):
    """The compiled function of kernel ``disp`` for the types of ``example``, without dispatch.

    Calling a dispatcher types every argument first: about 0.1 µs for an array
    and about 1 µs for the :class:`~mjstats.core.tables.Tables` named tuple,
    ten times the work of a shanten.  The entry point compiled for fixed types
    (or loaded from the disk cache) only converts the arguments and checks
    almost nothing: an argument of another dtype, dimension or layout than
    ``example``'s may be misread rather than rejected, so the caller checks
    the types first (:func:`mjstats.core.codes.plain`).

    Examples
    --------
    >>> import numpy as np
    >>> from mjstats.core.codes import _check_counts
    >>> check = entry_point(_check_counts, np.zeros(34, np.int8), 0)
    >>> check(np.zeros(34, np.int8), 1), check(np.ones(34, np.int8), 7)  # 0 tiles; 34 tiles
    (True, False)
    """
    return disp.compile(tuple(numba.typeof(a) for a in example))


class Entry:
    """The :func:`entry_point` of a kernel, compiled or loaded on the first call.

    ``Entry(kernel, example)`` holds ``kernel`` and a function returning example
    arguments; ``entry.call(*args)`` calls the compiled function (the first
    call compiles it, so importing a module compiles nothing).
    """

    __slots__ = ("_disp", "_example", "call")

    def __init__(self, disp, example):
        self._disp = disp
        self._example = example
        self.call = self._first
        python_facing(disp)  # kernels calling it share its version with the Python wrapper

    def _first(self, *args):
        self.compile()
        return self.call(*args)

    def compile(self) -> None:
        """Compile (or load from the disk cache) the kernel now, for the example's types."""
        self.call = entry_point(self._disp, *self._example())

    def ahead(self, *then: Entry) -> None:
        """Have a background process compile the kernel now, if no process has yet.

        For a command that calls the kernel only after compiling others
        (``mjstats hand``: the wait shapes after the shanten and the waits): on a
        cold cache the two processes compile side by side, one core each, and the
        first call here loads what the other saved, waiting on the compile lock
        while it is still compiling (:func:`_compile_once`); were this process
        first to the lock, it would compile the kernel itself and the other would
        load it.  ``then``: entries the same process compiles next, in that order
        (kernels this process needs later still).  Nothing is started for an
        entry loaded here already, whose lock file exists (a process compiled
        or loaded it with this cache before: a warm cache), without a cache
        folder of ours, or that is no global name of its kernel's module; nor
        with one core.  The process (``python -m mjstats._ahead``) prints
        nothing.  At exit this one ends it if it still runs (then this command
        did not need the kernel; its cache entries are written whole or not at
        all) and waits for it, so that no process outlives the command and the
        other's processor time counts among this one's children's.
        """
        import subprocess

        if _cores() < 2:
            return
        names = [x for e in (self, *then) for x in e._ahead_name()]
        if not names:
            return
        if not _AHEAD:
            atexit.register(_end_ahead)
        _AHEAD.append(subprocess.Popen(
            child_command("mjstats._ahead", *names), env=child_env(),
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))

    def _ahead_name(self) -> tuple[str, ...]:
        """``(module, name)`` by which another process finds this entry to compile, or ``()``."""
        import sys

        if self.call != self._first:
            return ()
        path = compile_lock(self._disp, tuple(numba.typeof(a) for a in self._example()))
        if path is None or path.exists():
            return ()
        module = self._disp.py_func.__module__
        name = next((k for k, v in vars(sys.modules[module]).items() if v is self), None)
        return () if name is None else (module, name)


_AHEAD: list = []
"""The processes :meth:`Entry.ahead` started."""


def _end_ahead() -> None:
    """End the processes :meth:`Entry.ahead` started that still run, and wait for them (at exit)."""
    for proc in _AHEAD:
        if proc.poll() is None:
            proc.terminate()
        proc.wait()


def _cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # no affinity on this platform
        return os.cpu_count() or 1


def child_command(module: str, *args: str) -> list[str]:
    """The command line of a Python child process running ``module`` of this same mjstats.

    Run with :func:`child_env`.  ``-P`` keeps the working directory off the front of
    the child's ``sys.path`` (``python -m`` puts it there, before ``PYTHONPATH``): run
    from the source tree a user installed from (``pip install . && mjstats report``),
    the child would otherwise import the tree's copy of mjstats, and compile kernels
    that numba caches under that copy's files, never loaded by this process.
    """
    return [sys.executable, "-P", "-m", module, *args]


def child_env() -> dict[str, str]:
    """The environment of a Python child process that must import this same mjstats.

    This mjstats's folder goes first on ``PYTHONPATH``, so that ``python -m
    mjstats...`` finds it wherever it lies (a source tree, a clone beside an
    installed copy); :func:`child_command` keeps the working directory out.
    """
    root = str(Path(__file__).resolve().parents[1])
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        [root] + [p for p in [os.environ.get("PYTHONPATH")] if p]))
