"""A run's folder on disk: one writer, one run, and no chunk used unless proven its own.

A durable run (:func:`mjstats.runner.run_chunks` with ``out=``) keeps in its
folder

* ``manifest.json``: the run's identity (what was asked: study, rule set and
  every switch, bots, seed entropy, size, chunking, records flag) with the
  mjstats version and the run-folder schema, and the SHA-256 of every file of
  each finished chunk;
* ``chunk-NNNNNN.parquet``: each finished chunk, and its extra parts
  ``chunk-NNNNNN.<part>.parquet`` (hands, seats, paired presets ...).  Every
  file carries in its Parquet metadata the whole identity of its run, its
  chunk index, first item and size, and its part name; the chunk file lists
  its parts with their row counts.  Pages carry checksums;
* ``.lock`` and ``.owner.json``: the lock held by the run that writes there,
  and who that run is.

:class:`RunFolder` enforces the rules of ``docs/durability.md``: an exclusive
lock for the whole run; manifest and chunks written to unique temporary files
and renamed into place; symbolic links refused; a folder of another run (or of
chunks without a manifest) refused unless every chunk proves to belong to this
run; a chunk file that is unreadable, truncated, foreign, swapped, of another
version, or missing a part is never used: it is computed again, with one line
on standard error.
"""

from __future__ import annotations

import io
import json
import os
import re
import shutil
import sys
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pandas as pd

from mjstats._version import __version__
from mjstats.errors import MjStatsError

MANIFEST = "manifest.json"
LOCK = ".lock"
OWNER = ".owner.json"
SCHEMA = 2
"""Version of the run-folder layout; a folder of another schema is another run."""

_KEY = b"mjstats.chunk"
_CHUNK_FILE = re.compile(r"chunk-(\d{6})\.parquet")
_TMP_PREFIX = ".tmp-"


class RunFolderError(MjStatsError):
    """A run folder that cannot be used for the run asked: another run's, busy, unsafe."""


def _json(obj) -> dict:
    """``obj`` as it reads back from JSON (tuples become lists), so comparisons are exact."""
    return json.loads(json.dumps(obj, sort_keys=True))


def _say(line: str) -> None:
    print(f"mjstats: {line}", file=sys.stderr, flush=True)


def _command() -> str:
    import shlex

    argv = list(sys.argv)
    if argv and argv[0].endswith(("mjstats", "__main__.py")):
        argv[0] = "mjstats"
    return shlex.join(argv)


class RunFolder:
    """The folder of one durable run.

    Parameters
    ----------
    path : str or Path
        The folder (created if missing).
    identity : dict
        What identifies the run (JSON-serialisable); the mjstats version and
        :data:`SCHEMA` are added.

    Use it as a context manager: entering takes the folder's lock (held until
    the run ends) and checks the manifest; see :meth:`open`.
    """

    def __init__(self, path: str | Path, identity: dict):
        self.path = folder_path(path, "run folder")
        self.identity = _json(dict(identity, mjstats=__version__, schema=SCHEMA))
        self._lock = None
        self._created = time.strftime("%Y-%m-%d %H:%M:%S")
        self._ledger: dict[str, dict[str, str]] | None = {}

    # ----------------------------------------------------------- opening

    def open(self, resume: bool) -> RunFolder:
        """Lock the folder for this run and check that it holds this run (or nothing).

        Raises :class:`RunFolderError` (one line) when the path is not a usable
        folder, another process holds the folder, a symbolic link is inside it,
        or the folder holds another run: a manifest that differs from this run,
        or chunks without a manifest unless ``resume`` and every readable chunk
        names this run.  Chunks of this run without ``resume`` are refused too
        (nothing is recomputed silently over finished work).
        """
        self._make()
        self._take_lock()
        try:
            self._refuse_links()
            for tmp in self.path.glob(_TMP_PREFIX + "*"):  # left by a killed writer
                if not tmp.is_dir() or tmp.is_symlink():
                    tmp.unlink(missing_ok=True)
            self._check_manifest(resume)
        except BaseException:
            self.close()
            raise
        return self

    def __enter__(self) -> RunFolder:
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def close(self) -> None:
        """Release the lock."""
        if self._lock is not None:
            (self.path / OWNER).unlink(missing_ok=True)
            self._lock.release()
            self._lock = None

    def _make(self) -> None:
        writable_folder(self.path, "run folder")

    def _take_lock(self) -> None:
        from filelock import FileLock, Timeout

        lock_path = self.path / LOCK
        if lock_path.is_symlink():
            raise RunFolderError(f"{lock_path} is a symbolic link; mjstats refuses to follow "
                                 f"links inside a run folder")
        lock = FileLock(str(lock_path), timeout=0)
        try:
            lock.acquire()
        except Timeout:
            raise RunFolderError(f"{self.path} is in use by another run ({self._owner()}); "
                                 f"wait for it to finish or use another folder") from None
        self._lock = lock
        self._write_json(OWNER, {"pid": os.getpid(), "command": _command(),
                                 "started": time.strftime("%Y-%m-%d %H:%M:%S"),
                                 "run": self.identity})

    def _owner(self) -> str:
        for _ in range(40):  # the holder writes its name just after taking the lock
            try:
                o = json.loads((self.path / OWNER).read_text())
                return f"pid {o['pid']}, started {o['started']}: {o['command']}"
            except (OSError, ValueError, KeyError, TypeError):
                time.sleep(0.05)
        return "owner unknown"

    def _refuse_links(self) -> None:
        for entry in self.path.iterdir():
            if entry.is_symlink():
                raise RunFolderError(f"{entry} is a symbolic link; mjstats refuses to follow "
                                     f"links inside a run folder (remove it)")

    def _check_manifest(self, resume: bool) -> None:
        nested = _nested_run(self.path)
        if nested is not None:
            raise RunFolderError(f"{self.path} holds other runs in its sub-folders "
                                 f"({nested.parent.relative_to(self.path)} holds one, as a "
                                 f"ladder's steps do); use another folder")
        path = self.path / MANIFEST
        chunks = self.chunk_files()
        if path.exists():
            try:
                saved = json.loads(path.read_text())
                saved_run = saved["run"]
            except (OSError, ValueError, KeyError, TypeError):
                raise RunFolderError(f"{path} is unreadable or not an mjstats manifest; "
                                     f"use another folder") from None
            if not _same_run(saved_run, self.identity):
                raise RunFolderError(f"{self.path} holds a different run (saved vs asked: "
                                     f"{_differences(saved_run, self.identity)}); "
                                     f"use another folder")
            if chunks and not resume:
                raise RunFolderError(f"{self.path} already holds {len(chunks)} chunk(s) of "
                                     f"this run; pass resume=True to finish it, "
                                     f"or use another folder")
            if saved_run == self.identity:
                ledger = saved.get("chunks", {})
                self._ledger = ledger if isinstance(ledger, dict) else {}
                self._created = saved.get("created", self._created)
                return
            _say(f"{self.path} was started by mjstats {saved_run.get('mjstats')} (schema "
                 f"{saved_run.get('schema')}); its chunks are computed again")
        elif chunks:
            if not resume:
                raise RunFolderError(
                    f"{self.path} holds {len(chunks)} chunk file(s) but no {MANIFEST}, so "
                    f"they may be another run's; pass resume=True to use those "
                    f"that name this run, or use another folder")
            for f in chunks.values():
                meta = _file_meta(f)
                if meta is not None and not _same_run(meta.get("run"), self.identity):
                    raise RunFolderError(
                        f"{self.path} has no {MANIFEST} and {f.name} belongs to another run "
                        f"(saved vs asked: {_differences(meta.get('run'), self.identity)}); "
                        f"use another folder")
            self._ledger = None  # the digests went with the manifest: identity checks only
        self._save_manifest()

    def _save_manifest(self) -> None:
        self._write_json(MANIFEST, {"run": self.identity, "created": self._created,
                                    "command": _command(), "chunks": self._ledger or {}})

    # ----------------------------------------------------------- chunks

    def chunk_files(self) -> dict[int, Path]:
        """The chunk files present, by chunk index."""
        return _chunk_files(self.path)

    def chunk_path(self, j: int, part: str | None = None) -> Path:
        """Path of chunk ``j`` (its part ``part``)."""
        return self.path / (f"chunk-{j:06d}.parquet" if part is None
                            else f"chunk-{j:06d}.{part}.parquet")

    def read(self, j: int, start: int, count: int, first: str | None):
        """Chunk ``j`` as saved, or ``None`` when it is absent or not provably this run's.

        Everything is checked before anything is used: every file of the chunk
        is a plain file (no link), reads whole with its checksums, names this
        run, this chunk (index, first item, size) and its own part, and has the
        row count its chunk file recorded.  A chunk that fails is reported in
        one line on standard error; the caller computes it again.
        """
        main = self.chunk_path(j)
        if not main.exists() and not main.is_symlink():
            return None
        try:
            digests = None if self._ledger is None else self._ledger.get(f"{j:06d}", {})
            meta, df = self._read_part(main, j, start, count, None, digests)
            parts = meta.get("parts")
            if not isinstance(parts, dict) or (first or "") not in parts or (
                    first is None and len(parts) != 1):
                raise _BadChunk("its list of parts is missing or wrong")
            frames = {first: df} if first is not None else None
            for name, rows in parts.items():
                if name == (first or ""):
                    if len(df) != rows:
                        raise _BadChunk(f"it holds {len(df)} rows where {rows} were written")
                    continue
                _, pdf = self._read_part(self.chunk_path(j, name), j, start, count, name,
                                         digests)
                if len(pdf) != rows:
                    raise _BadChunk(f"part {name!r} holds {len(pdf)} rows where {rows} were "
                                    f"written")
                frames[name] = pdf
        except _BadChunk as e:
            _say(f"chunk {j} of {self.path} is not used ({e}); computing it again")
            return None
        return df if first is None else frames

    def _read_part(self, path: Path, j: int, start: int, count: int, part: str | None,
                   digests: dict | None):
        import pyarrow as pa
        import pyarrow.parquet as pq

        if path.is_symlink():
            raise RunFolderError(f"{path} is a symbolic link; mjstats refuses to follow links "
                                 f"inside a run folder (remove it)")
        try:
            data = path.read_bytes()  # one read: every check below is of these bytes
        except FileNotFoundError:
            raise _BadChunk(f"{path.name} is missing") from None
        meta = _file_meta(pa.BufferReader(data))
        if meta is None:
            raise _BadChunk(f"{path.name} is unreadable or truncated")
        if meta.get("run") != self.identity:
            run = meta.get("run") or {}
            if run.get("mjstats") != self.identity["mjstats"] or run.get(
                    "schema") != self.identity["schema"]:
                raise _BadChunk(f"{path.name} was written by mjstats {run.get('mjstats')} "
                                f"(schema {run.get('schema')})")
            raise _BadChunk(f"{path.name} belongs to another run: "
                            f"{_differences(run, self.identity)}")
        where = (meta.get("chunk"), meta.get("start"), meta.get("count"))
        if where != (j, start, count):
            raise _BadChunk(f"{path.name} holds chunk {where[0]} (items {where[1]}.. , "
                            f"{where[2]} items), not chunk {j}")
        if meta.get("part") != (part or ""):
            raise _BadChunk(f"{path.name} holds part {meta.get('part')!r}")
        if digests is not None and path.name not in digests:
            raise _BadChunk(f"{path.name} is not recorded as finished in {MANIFEST}")
        if digests is not None and digests.get(path.name) != _digest(data):
            raise _BadChunk(f"{path.name} differs from the file that was written (SHA-256)")
        try:
            df = pd.read_parquet(io.BytesIO(data), page_checksum_verification=True)
            if pq.read_metadata(pa.BufferReader(data)).num_rows != len(df):
                raise ValueError("row count")
        except Exception as e:  # pyarrow raises many kinds on a damaged file
            raise _BadChunk(f"{path.name} is damaged ({type(e).__name__})") from None
        return meta, df

    def write(self, j: int, start: int, count: int, result) -> None:
        """Save chunk ``j`` (a frame, or a dict of frames whose first is the chunk file).

        The extra parts are written first, the chunk file, which lists them,
        next, and the manifest, which records the SHA-256 of every file of the
        chunk, last: a chunk counts as finished once the manifest lists it.
        """
        frames = result if isinstance(result, dict) else {"": result}
        names = list(frames)
        first = names[0]
        parts = {n: len(frames[n]) for n in names}
        digests = {}
        for name in names[1:]:
            path = self.chunk_path(j, name)
            digests[path.name] = self._write_frame(
                frames[name], path, {"chunk": j, "start": start, "count": count, "part": name})
        path = self.chunk_path(j)
        digests[path.name] = self._write_frame(
            frames[first], path, {"chunk": j, "start": start, "count": count, "part": "",
                                  "parts": parts})
        if self._ledger is None:
            self._ledger = {}
        self._ledger[f"{j:06d}"] = digests
        self._save_manifest()

    def _write_frame(self, df: pd.DataFrame, path: Path, where: dict) -> str:
        """Write one Parquet file with the run's identity inside; return its SHA-256."""
        import pyarrow as pa
        import pyarrow.parquet as pq

        table = pa.Table.from_pandas(df, preserve_index=False)
        meta = dict(table.schema.metadata or {})
        meta[_KEY] = json.dumps(dict(where, run=self.identity), sort_keys=True).encode()
        table = table.replace_schema_metadata(meta)
        buf = io.BytesIO()
        pq.write_table(table, buf, write_page_checksum=True)
        data = buf.getvalue()
        self._replace(path, lambda f: f.write(data), binary=True)
        return _digest(data)

    def _write_json(self, name: str, obj) -> None:
        text = json.dumps(obj, indent=2, sort_keys=True)
        self._replace(self.path / name, lambda f: f.write(text), binary=False)

    def _replace(self, path: Path, dump, binary: bool) -> None:
        """Write through a fresh temporary file in the folder, then rename it over ``path``.

        ``mkstemp`` creates the file exclusively with an unguessable name, so no
        planted link is followed; the rename replaces a link at ``path`` itself,
        never its target.
        """
        fd, tmp = tempfile.mkstemp(prefix=_TMP_PREFIX, suffix=".part", dir=self.path)
        try:
            with os.fdopen(fd, "wb" if binary else "w") as f:
                dump(f)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, path)
        except BaseException as e:
            Path(tmp).unlink(missing_ok=True)
            if isinstance(e, OSError) and e.filename is None:  # a failed write (a full
                raise OSError(e.errno, e.strerror, str(path)) from e  # disk) names no file
            raise


class _BadChunk(Exception):
    """A saved chunk that must not be used (the message says why)."""


def folder_path(path: str | Path, what: str = "folder") -> Path:
    """``path`` as a ``Path``; an empty name (which would be the working folder) refused."""
    if isinstance(path, str) and not path.strip():
        raise RunFolderError(f"the {what} is an empty name ({path!r}); give a folder")
    if not isinstance(path, str | os.PathLike):
        from mjstats._checks import described

        raise RunFolderError(f"the {what} is a path (a str or a Path), got {described(path)}")
    return Path(path)


def writable_folder(path: str | Path, what: str = "folder") -> Path:
    """Create ``path`` if needed and prove that a file can be written in it; return it.

    Raises :class:`RunFolderError` (one line) when ``path`` is a file, cannot be
    created, or refuses a new file: checked before any work starts.
    """
    p = folder_path(path, what)
    if p.exists() and not p.is_dir():
        raise RunFolderError(f"the {what} {p} is a file, not a folder")
    try:
        p.mkdir(parents=True, exist_ok=True)
        fd, probe = tempfile.mkstemp(prefix=_TMP_PREFIX, dir=p)
        os.close(fd)
        # a run holding the folder may have removed it already, as a killed writer's
        Path(probe).unlink(missing_ok=True)
    except OSError as e:
        raise RunFolderError(f"cannot write in {what} {p}: {e.strerror or e}") from None
    return p


def report_folder(path: str | Path) -> Path:
    """:func:`writable_folder` for a report: refused where it holds a run (a manifest, chunks).

    A report's tables and charts beside a run's chunks (or a ladder's step
    folders) would mix two things in one folder; a report goes in one of its own.
    """
    p = writable_folder(path, "report folder")
    run = _own_run(p) or _nested_run(p)
    if run is not None:
        raise RunFolderError(f"the report folder {p} holds a run ({run.relative_to(p)}); "
                             f"write the report in a folder of its own")
    return p


_STAGE_PREFIX = ".mjstats-stage-"
"""Hidden folders of :func:`staged` (not ``.tmp-``: a run folder's own leftovers)."""


@contextmanager
def staged(folder: Path, what: str):
    """A hidden folder in ``folder`` to write ``what`` into, moved into ``folder`` when done.

    On leaving the block normally, every file of the hidden folder replaces its
    namesake in ``folder``, ``index.html`` last (so that a page never points at
    files still missing); the files it replaces are set aside first and put
    back if a move fails, so ``folder`` holds either every new file or none.  On
    an error or an interruption the hidden folder is removed and ``folder`` is
    left as it was, which a ``KeyboardInterrupt`` then says.  A name taken in
    ``folder`` by a sub-folder is refused before anything moves.  The hidden
    folder is named with the process id; one left by a process that no longer
    runs (a killed report) is removed by the next :func:`staged` in ``folder``.
    """
    _remove_stale_stages(folder)
    stage = Path(tempfile.mkdtemp(prefix=f"{_STAGE_PREFIX}{os.getpid()}-{what}-", dir=folder))
    try:
        yield stage
        files = sorted(stage.iterdir(), key=lambda f: f.name == "index.html")
        taken = [f.name for f in files
                 if (folder / f.name).is_dir() and not (folder / f.name).is_symlink()]
        if taken:
            raise RunFolderError(f"{folder / taken[0]} is a folder; the {what} writes a file "
                                 f"of that name there")
        _move_in(stage, folder, files)
    except BaseException as e:
        shutil.rmtree(stage, ignore_errors=True)
        if isinstance(e, KeyboardInterrupt):
            raise KeyboardInterrupt(f"interrupted: nothing of this {what} was written; "
                                    f"{folder} is as it was") from None
        raise
    stage.rmdir()


def _move_in(stage: Path, folder: Path, files: list[Path]) -> None:
    """Move ``files`` (of ``stage``) into ``folder``: all of them, or, if a move fails, none."""
    old = Path(tempfile.mkdtemp(prefix=f"{_STAGE_PREFIX}{os.getpid()}-old-", dir=folder))
    moved = []
    try:
        for f in files:
            dest = folder / f.name
            if dest.exists() or dest.is_symlink():
                os.replace(dest, old / f.name)  # set aside (a link itself, never its target)
            os.replace(f, dest)
            moved.append(f.name)
    except BaseException:
        for name in moved:  # undo: the new files back to the stage, the old ones in place
            os.replace(folder / name, stage / name)
        for f in old.iterdir():
            os.replace(f, folder / f.name)
        raise
    finally:
        shutil.rmtree(old, ignore_errors=True)


def _remove_stale_stages(folder: Path) -> None:
    """Remove the hidden folders of :func:`staged` whose process no longer runs."""
    for d in folder.glob(_STAGE_PREFIX + "*"):
        pid = d.name[len(_STAGE_PREFIX):].partition("-")[0]
        if d.is_symlink() or not d.is_dir() or not pid.isdigit() or _alive(int(pid)):
            continue
        shutil.rmtree(d, ignore_errors=True)


def _alive(pid: int) -> bool:
    """Whether process ``pid`` runs (one of another user's counts as running)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:  # no permission to signal it: it exists
        return True
    return True


def _chunk_files(p: Path) -> dict[int, Path]:
    """The chunk files in folder ``p``, by chunk index."""
    out = {}
    for f in p.iterdir():
        m = _CHUNK_FILE.fullmatch(f.name)
        if m:
            out[int(m.group(1))] = f
    return out


def _own_run(p: Path) -> Path | None:
    """The manifest (or a chunk file) of a run saved in folder ``p`` itself, if any."""
    if (p / MANIFEST).exists():
        return p / MANIFEST
    return next(iter(_chunk_files(p).values()), None)


def _nested_run(p: Path) -> Path | None:
    """The manifest of a run saved in a sub-folder of ``p`` (a ladder's match), if any."""
    return next(p.glob(f"*/**/{MANIFEST}"), None)


def held_run(path: str | Path) -> Path | None:
    """The manifest or chunk file of a run saved in folder ``path`` or below it, if any.

    A run that draws a new seed can never be the one saved there (the CLI refuses
    at once, :func:`mjstats.cli._common.announce_seed`).
    """
    p = Path(path)
    if not p.is_dir():
        return None
    return _own_run(p) or _nested_run(p)


def folder_of_runs(path: str | Path) -> Path:
    """``path`` as a folder whose sub-folders each hold a run (a ladder's matches); return it.

    Created if needed (:func:`writable_folder`); refused (one line) when it holds
    a run itself: its own :data:`MANIFEST` or chunk files (a single run's folder,
    which in turn refuses sub-folders of runs, :meth:`RunFolder.open`).
    """
    p = writable_folder(path, "run folder")
    own = _own_run(p)
    if own is not None:
        raise RunFolderError(f"{p} holds a run of its own ({own.name}), where a ladder keeps "
                             f"each match in a sub-folder; use another folder")
    return p


def _digest(data: bytes) -> str:
    import hashlib

    return hashlib.sha256(data).hexdigest()


def _file_meta(path) -> dict | None:
    """The mjstats metadata of a chunk file (a path or a buffer), or ``None`` if unreadable."""
    import pyarrow.parquet as pq

    try:
        raw = (pq.read_schema(path).metadata or {}).get(_KEY)
        meta = json.loads(raw) if raw else None
    except Exception:  # a damaged file raises many kinds
        return None
    return meta if isinstance(meta, dict) else None


def _same_run(saved, asked: dict) -> bool:
    """Whether ``saved`` names the run ``asked``, whatever mjstats version wrote it."""
    if not isinstance(saved, dict):
        return False
    skip = ("mjstats", "schema")
    return ({k: v for k, v in saved.items() if k not in skip}
            == {k: v for k, v in asked.items() if k not in skip})


def _differences(saved, asked: dict) -> str:
    """``key: saved -> asked`` for each differing field.

    Within a field that holds fields (a rule set's switches), only those that
    differ, named ``field.key``.

    >>> _differences({"seed": 1, "switches": {"cap": 8, "zimo": "di"}},
    ...              {"seed": 1, "switches": {"cap": 16, "zimo": "di"}})
    'switches.cap: 8 -> 16'
    """
    def fields(d, at=""):
        for k, v in (d.items() if isinstance(d, dict) else ()):
            if isinstance(v, dict) and v:
                yield from fields(v, f"{at}{k}.")
            elif isinstance(v, list) and v and all(isinstance(x, dict) for x in v):
                for i, x in enumerate(v):  # one entry per rule set (a comparison's)
                    yield from fields(x, f"{at}{k}[{i}].")
                yield f"{at}{k}[]", len(v)
            else:
                yield f"{at}{k}", v

    old, new = dict(fields(saved)), dict(fields(asked))
    keys = sorted(k for k in set(old) | set(new) if old.get(k, _NONE) != new.get(k, _NONE))
    return "; ".join(f"{k}: {_shown(old, k)} -> {_shown(new, k)}" for k in keys) or "none"


_NONE = object()


def _shown(fields: dict, key: str) -> str:
    return repr(fields[key]) if key in fields else "(none)"


def saved_seed(path: str | Path):
    """The seed of the run saved in ``path`` (a ``SeedSequence``), or ``None`` if there is none.

    Lets a run started without a seed be resumed without knowing the seed it
    drew (``--resume`` alone).
    """
    import numpy as np

    f = Path(path) / MANIFEST
    if f.is_symlink() or not f.is_file():
        return None
    try:
        run = json.loads(f.read_text())["run"]
        return np.random.SeedSequence(int(run["seed_entropy"]),
                                      spawn_key=tuple(run.get("spawn_key", ())))
    except (OSError, ValueError, KeyError, TypeError):
        return None
