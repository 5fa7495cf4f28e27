"""Fault injection on run folders: every fault ends in the uninterrupted run's tables, or in
one clear error with nothing used.

Each durable verb (deal study, simulate, compare, Da Er simulate) is run into a
folder of three chunks; the folder is then damaged in one way (or the run
interrupted, or a second run started beside it) and the verb run again.  The
outcome must be either exactly the tables of a run that never met the fault,
or a :class:`~mjstats.errors.MjStatsError` whose one-line message names the
folder or file at fault, with no saved chunk used.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import subprocess
import sys
import textwrap
import threading
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from mjstats import runfolder
from mjstats.errors import MjStatsError
from mjstats.runfolder import RunFolder, RunFolderError

# --------------------------------------------------------------- the verbs


def _deal(out=None, resume=False, seed=11):
    from mjstats.study.deal_study import study_counts

    c = study_counts("sichuan", 3 * 65536 - 1000, seed, "complete", batch_chunks=1, out=out,
                     resume=resume)
    return {"counts": c.tolist()}


def _simulate(out=None, resume=False, seed=11):
    import mjstats as mj

    r = mj.simulate("sichuan", 3 * 512 - 100, "efficiency", seed, records=True, out=out,
                    resume=resume, chunk=512)
    return {"stats": dict(r.stats), "hands": r.hands, "seats": r.seats}


def _compare(out=None, resume=False, seed=11):
    import mjstats as mj

    res = mj.compare(["sichuan", "sichuan-app"], 3 * 512 - 100, "efficiency", seed,
                     records=True, out=out, resume=resume, chunk=512)
    return {k: (dict(r.stats), r.hands, r.seats) for k, r in res.items()}


def _daer(out=None, resume=False, seed=11):
    from mjstats import daer

    r = daer.simulate("daer-luzhou", 3 * 128 * 2 - 50, "efficiency", seed, chunk=2,
                      records=True, out=out, resume=resume)
    return {"stats": dict(r.stats), "hands": r.hands, "seats": r.seats}


VERBS = {"deal": _deal, "simulate": _simulate, "compare": _compare, "daer": _daer}
RECORDS_PART = {"deal": None, "simulate": "hands", "compare": "p1", "daer": "seats"}


def _equal(a, b) -> None:
    assert a.keys() == b.keys()
    for k in a:
        x, y = a[k], b[k]
        for u, v in zip(x if isinstance(x, tuple) else (x,), y if isinstance(y, tuple) else (y,),
                        strict=True):
            if isinstance(u, pd.DataFrame):
                pd.testing.assert_frame_equal(u, v)
            else:
                assert u == v


@functools.cache
def _straight(verb: str):
    return VERBS[verb]()


def _chunks(out: Path) -> list[Path]:
    return sorted(out.glob("chunk-[0-9][0-9][0-9][0-9][0-9][0-9].parquet"))


def _saved_run(verb: str, tmp_path: Path) -> Path:
    out = tmp_path / verb
    _equal(VERBS[verb](out), _straight(verb))
    assert len(_chunks(out)) == 3
    return out


@pytest.fixture(params=list(VERBS))
def verb(request):
    return request.param


# --------------------------------------------------------------- damaged chunks


def _truncate(f: Path):
    data = f.read_bytes()
    f.write_bytes(data[: len(data) // 2])


def _empty(f: Path):
    f.write_bytes(b"")


def _garbage(f: Path):
    f.write_bytes(np.random.default_rng(0).bytes(f.stat().st_size))


def _flip_a_byte(f: Path):
    data = bytearray(f.read_bytes())
    data[len(data) // 3] ^= 0xFF  # inside a data page, well before the footer
    f.write_bytes(bytes(data))


@pytest.mark.parametrize("damage", [_truncate, _empty, _garbage, _flip_a_byte],
                         ids=["truncated", "empty", "garbage", "flipped-byte"])
def test_a_damaged_chunk_is_computed_again(verb, damage, tmp_path, capsys):
    out = _saved_run(verb, tmp_path)
    damage(_chunks(out)[1])
    capsys.readouterr()
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    err = capsys.readouterr().err
    assert "chunk 1 of" in err and "computing it again" in err, err
    assert len(err.strip().splitlines()) == 1, err


def test_a_swapped_chunk_is_computed_again(verb, tmp_path, capsys):
    out = _saved_run(verb, tmp_path)
    c = _chunks(out)
    shutil.copyfile(c[0], c[1])  # a valid chunk of the same run, at the wrong place
    capsys.readouterr()
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    err = capsys.readouterr().err
    assert "chunk-000001.parquet holds chunk 0" in err, err


@pytest.mark.parametrize("verb", [v for v in VERBS if RECORDS_PART[v]])  # deal: one file
def test_a_deleted_part_makes_its_chunk_computed_again(verb, tmp_path, capsys):
    part = RECORDS_PART[verb]
    out = _saved_run(verb, tmp_path)
    (out / f"chunk-000002.{part}.parquet").unlink()
    capsys.readouterr()
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    err = capsys.readouterr().err
    assert f"chunk-000002.{part}.parquet is missing" in err, err


def test_a_foreign_chunk_or_part_is_never_used(verb, tmp_path, capsys):
    out = _saved_run(verb, tmp_path)
    other = tmp_path / "other"
    VERBS[verb](other, seed=12)  # the same verb and size, another seed
    part = RECORDS_PART[verb]
    name = f"chunk-000000.{part}.parquet" if part else "chunk-000000.parquet"
    shutil.copyfile(other / name, out / name)
    capsys.readouterr()
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    err = capsys.readouterr().err
    assert f"{name} belongs to another run: seed_entropy: '12' -> '11'" in err, err


@pytest.mark.parametrize("manifest", [True, False], ids=["with-manifest", "chunks-only"])
def test_a_chunk_of_another_version_is_never_used(verb, manifest, tmp_path, capsys,
                                                  monkeypatch):
    out = tmp_path / verb
    monkeypatch.setattr(runfolder, "__version__", "0.0.9")
    VERBS[verb](out)
    monkeypatch.undo()
    if not manifest:
        (out / "manifest.json").unlink()
    capsys.readouterr()
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    err = capsys.readouterr().err
    assert err.count("was written by mjstats 0.0.9") == 3, err


# --------------------------------------------------------------- the manifest


def test_no_manifest_same_run_is_used_only_with_resume(verb, tmp_path):
    out = _saved_run(verb, tmp_path)
    (out / "manifest.json").unlink()
    with pytest.raises(RunFolderError, match="no manifest.json"):
        VERBS[verb](out)
    _equal(VERBS[verb](out, resume=True), _straight(verb))
    assert json.loads((out / "manifest.json").read_text())["run"]["seed_entropy"] == "11"


def test_no_manifest_other_run_is_refused(verb, tmp_path):
    out = _saved_run(verb, tmp_path)
    (out / "manifest.json").unlink()
    before = {f.name: f.read_bytes() for f in out.iterdir() if f.is_file()}
    with pytest.raises(RunFolderError, match="no manifest.json"):
        VERBS[verb](out, seed=12)
    with pytest.raises(RunFolderError, match="belongs to another run"):
        VERBS[verb](out, resume=True, seed=12)
    after = {f.name: f.read_bytes() for f in out.iterdir() if f.is_file()}
    assert before == after  # nothing written, nothing used


def test_a_manifest_of_another_run_is_refused(tmp_path):
    out = _saved_run("deal", tmp_path)
    with pytest.raises(RunFolderError, match=r"different run .*seed_entropy: '11' -> '12'"):
        _deal(out, resume=True, seed=12)
    with pytest.raises(RunFolderError, match="already holds 3 chunk"):
        _deal(out)


def test_a_folder_holds_one_run_or_one_ladder_never_both(tmp_path, capsys):
    """A ladder refuses a run's folder, a run refuses a ladder's; a command without --seed
    refuses an occupied folder before it draws and announces a seed."""
    import mjstats as mj
    from mjstats.cli import main

    run = _saved_run("deal", tmp_path)
    with pytest.raises(RunFolderError, match=r"holds a run of its own \(manifest.json\), "
                                             r"where a ladder keeps each match in a sub-folder"):
        mj.ladder(["sichuan"], 8, seed=1, bots=("random", "zimo"), out=run)
    assert [p for p in run.iterdir() if p.is_dir()] == []  # nothing written there
    lad = tmp_path / "ladder"
    mj.ladder(["sichuan"], 8, seed=1, bots=("random", "zimo"), out=lad)
    with pytest.raises(RunFolderError, match=r"holds other runs in its sub-folders "
                                             r"\(sichuan/zimo-v-random holds one, as a "
                                             r"ladder's steps do\)"):
        _simulate(lad)
    assert not (lad / "manifest.json").exists()
    for folder, held in ((run, "manifest.json"), (lad, "sichuan/zimo-v-random/manifest.json")):
        capsys.readouterr()  # a compile notice of the engine, on a cold cache
        assert main(["simulate", "--games", "8", "--out", str(folder), "--quiet"]) == 2
        assert capsys.readouterr().err == (
            f"mjstats: error: {folder} already holds a run ({held}); pass --resume to "
            f"finish it (its seed is saved), or use another folder\n")


def test_cli_names_its_flags_but_not_a_folder_named_like_one(tmp_path, monkeypatch, capsys):
    """A run folder called ``out`` stays ``out`` in the message; ``resume=True`` is ``--resume``."""
    from mjstats.cli import main

    monkeypatch.chdir(tmp_path)
    argv = ["deal", "--deals", "1000", "--seed", "3", "--out", "out", "--quiet"]
    assert main(argv) == 0
    capsys.readouterr()
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert err == ("mjstats: error: out already holds 1 chunk(s) of this run; pass --resume to "
                   "finish it, or use another folder\n")


def _disk_full_after(monkeypatch, n: int) -> None:
    """Every ``fsync`` after the first ``n`` fails as on a full disk (ENOSPC, no file named)."""
    import errno

    real, calls = os.fsync, []

    def fsync(fd):
        calls.append(fd)
        if len(calls) > n:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        real(fd)

    monkeypatch.setattr(runfolder.os, "fsync", fsync)


def test_a_full_disk_names_the_file_and_leaves_a_folder_that_resumes(tmp_path, monkeypatch,
                                                                     capsys):
    """A write that fails (no space left) is one line naming the file it was writing; that
    chunk is not finished, and --resume gives the tables of a run that never failed."""
    from mjstats.cli import main

    out = tmp_path / "run"
    _disk_full_after(monkeypatch, 5)  # chunk 0 written whole, its line in the manifest not
    with pytest.raises(OSError) as info:
        _simulate(out)
    assert info.value.strerror == os.strerror(28) and Path(info.value.filename).parent == out
    assert not list(out.glob(".tmp-*"))  # the temporary file went with the error
    monkeypatch.undo()
    _equal(_simulate(out, resume=True), _simulate())
    _disk_full_after(monkeypatch, 0)
    cli_out = tmp_path / "cli"
    assert main(["deal", "--rules", "sichuan", "--deals", "1000", "--seed", "1", "--out",
                 str(cli_out), "--quiet"]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == (  # its first file: who writes it
        f"mjstats: error: {os.strerror(28)} ({cli_out / '.owner.json'})")


# --------------------------------------------------------------- interruptions


class _Stop(Exception):
    pass


def _interrupt_after(monkeypatch, n: int):
    real = RunFolder.write
    calls = []

    def write(self, *a, **k):
        if len(calls) == n:
            raise KeyboardInterrupt
        calls.append(1)
        return real(self, *a, **k)

    monkeypatch.setattr(RunFolder, "write", write)


def test_interrupted_run_resumes_to_the_same_tables(verb, tmp_path, monkeypatch):
    out = tmp_path / verb
    _interrupt_after(monkeypatch, 1)
    with pytest.raises(KeyboardInterrupt, match=r"1/3 chunks saved .*--resume"):
        VERBS[verb](out)
    monkeypatch.undo()
    assert len(_chunks(out)) == 1
    assert not list(out.glob(".tmp-*"))
    _equal(VERBS[verb](out, resume=True), _straight(verb))


def test_a_seedless_run_can_be_resumed(verb, tmp_path, monkeypatch):
    out = tmp_path / verb
    _interrupt_after(monkeypatch, 1)
    with pytest.raises(KeyboardInterrupt):
        VERBS[verb](out, seed=None)
    monkeypatch.undo()
    drawn = int(json.loads((out / "manifest.json").read_text())["run"]["seed_entropy"])
    resumed = VERBS[verb](out, resume=True, seed=None)
    _equal(resumed, VERBS[verb](seed=drawn))


def test_a_killed_process_leaves_a_folder_that_resumes(tmp_path):
    """SIGKILL while chunks are written (no Python cleanup runs), then ``--resume``."""
    out = tmp_path / "run"
    script = textwrap.dedent(f"""
        import time
        from mjstats.runfolder import RunFolder
        real = RunFolder.write
        def slow(self, *a):
            real(self, *a)
            time.sleep(0.3)
        RunFolder.write = slow
        import tests.test_durability as t
        t._deal({str(out)!r})
    """)
    root = Path(__file__).resolve().parents[1]
    proc = subprocess.Popen([sys.executable, "-c", script], cwd=root, start_new_session=True)
    try:
        deadline = time.time() + 300
        while time.time() < deadline and len(_chunks(out)) < 1:
            time.sleep(0.02)
            assert proc.poll() is None, "the run ended before it could be killed"
        proc.kill()
    finally:
        proc.wait()
    assert 1 <= len(_chunks(out)) < 3
    _equal(_deal(out, resume=True), _straight("deal"))


# --------------------------------------------------------------- one writer


def test_a_probe_file_removed_by_the_run_holding_the_folder_is_no_error(tmp_path,
                                                                         monkeypatch):
    """A second run proves the folder writable with a temporary file, which the run
    holding the folder may remove at once as a killed writer's (it cleans the folder
    when it opens it): the proof stands, and the second run goes on to the lock."""
    import mjstats.runfolder as rf

    real = rf.tempfile.mkstemp

    def raced(**kw):
        fd, path = real(**kw)
        os.unlink(path)  # the holder's cleanup, between the write and the removal
        return fd, path

    monkeypatch.setattr(rf.tempfile, "mkstemp", raced)
    assert rf.writable_folder(tmp_path / "run", "run folder") == tmp_path / "run"
    assert list((tmp_path / "run").iterdir()) == []


def test_two_runs_into_one_folder_never_mix(tmp_path, monkeypatch):
    """Two runs of different seeds start together, each slowed between check and write."""
    out = tmp_path / "run"
    real = RunFolder._check_manifest

    def slow_check(self, resume):
        time.sleep(0.5)  # the window in which a check-then-write folder would be raced
        return real(self, resume)

    monkeypatch.setattr(RunFolder, "_check_manifest", slow_check)
    outcome = {}

    def run(seed):
        try:
            outcome[seed] = _deal(out, seed=seed)
        except MjStatsError as e:
            outcome[seed] = e

    threads = [threading.Thread(target=run, args=(s,)) for s in (11, 12)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    errors = [v for v in outcome.values() if isinstance(v, MjStatsError)]
    assert len(errors) == 1, outcome
    assert "is in use by another run (pid" in str(errors[0])
    winner = next(s for s, v in outcome.items() if not isinstance(v, MjStatsError))
    monkeypatch.undo()
    _equal(_deal(out, resume=True, seed=winner), _deal(seed=winner))
    assert json.loads((out / "manifest.json").read_text())["run"]["seed_entropy"] == str(winner)


def test_a_busy_folder_names_the_run_that_holds_it(tmp_path):
    out = tmp_path / "run"
    held = RunFolder(out, {"study": "x"}).open(resume=False)
    try:
        with pytest.raises(RunFolderError, match=rf"{out} is in use by another run \(pid "
                                                 rf"{os.getpid()}, started .*\)"):
            RunFolder(out, {"study": "y"}).open(resume=False)
    finally:
        held.close()
    RunFolder(out, {"study": "x"}).open(resume=True).close()  # free again once released


# --------------------------------------------------------------- links and paths


def test_a_symlinked_manifest_is_refused_and_not_followed(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    target = tmp_path / "elsewhere.json"
    target.write_text("precious")
    (out / "manifest.json").symlink_to(target)
    with pytest.raises(RunFolderError, match="manifest.json is a symbolic link"):
        _deal(out)
    assert target.read_text() == "precious"


def test_a_planted_temp_link_is_refused_and_not_followed(tmp_path):
    out = tmp_path / "run"
    out.mkdir()
    target = tmp_path / "victim"
    target.write_text("precious")
    (out / f".chunk-000000.parquet.{os.getpid()}.tmp").symlink_to(target)
    with pytest.raises(RunFolderError, match="is a symbolic link"):
        _deal(out)
    assert target.read_text() == "precious"
    assert not _chunks(out)


def test_temp_files_are_unguessable_and_leave_no_trace(tmp_path, monkeypatch):
    names = []
    real = runfolder.tempfile.mkstemp

    def spy(*a, **k):
        fd, name = real(*a, **k)
        names.append(Path(name).name)
        return fd, name

    monkeypatch.setattr(runfolder.tempfile, "mkstemp", spy)
    out = tmp_path / "run"
    _deal(out)
    assert len(set(names)) == len(names) >= 4
    assert all(n.startswith(".tmp-") for n in names)
    assert sorted(p.name for p in out.iterdir() if p.name != ".lock") == [
        "chunk-000000.parquet", "chunk-000001.parquet", "chunk-000002.parquet",
        "manifest.json"]


@pytest.mark.parametrize("kind", ["file", "under-a-file"])
def test_an_unusable_run_folder_fails_before_any_work(kind, tmp_path, monkeypatch):
    f = tmp_path / "f"
    f.write_text("x")
    out = f if kind == "file" else f / "sub"
    monkeypatch.setattr(_deal_module(), "counts_task", _no_work)
    with pytest.raises(RunFolderError, match=str(out)):
        _deal(out)


def _deal_module():
    import importlib

    return importlib.import_module("mjstats.study.deal_study")


def _no_work(*a, **k):
    raise AssertionError("work started before the output was checked")


# --------------------------------------------------------------- the command line



@pytest.mark.parametrize("out", ["table.txt", "table", "{tmp}", "{tmp}/f/t.csv"],
                         ids=["txt", "no-suffix", "a-folder", "under-a-file"])
def test_deal_table_is_checked_before_the_study(out, tmp_path, cli, monkeypatch):
    (tmp_path / "f").write_text("x")
    out = out.format(tmp=tmp_path)
    if out == str(tmp_path):
        out = str(tmp_path / "d.csv")
        Path(out).mkdir()
    monkeypatch.setattr(_deal_module(), "study_counts", _no_work)
    code, stdout, err = cli(["deal", "--deals", "1000", "--seed", "1", "--table", out,
                              "--quiet"])
    assert code == 2 and stdout == ""
    assert err.startswith("mjstats: error:") and len(err.strip().splitlines()) == 1, err
    assert "Traceback" not in err


@pytest.mark.parametrize("verb", ["simulate", "compare", "report", "deal"])
def test_out_that_is_a_file_is_one_line(verb, tmp_path, cli):
    f = tmp_path / "f"
    f.write_text("x")
    size = ["--deals", "1000"] if verb == "deal" else ["--games", "512"]
    code, stdout, err = cli([verb, *size, "--out", str(f), "--quiet"])
    assert code == 2
    what = "report folder" if verb == "report" else "run folder"
    assert err.strip() == f"mjstats: error: the {what} {f} is a file, not a folder"


def test_cli_seedless_run_prints_its_resume_command(tmp_path, cli):
    out = tmp_path / "run"
    argv = ["deal", "--rules", "sichuan", "--deals", "70000", "--study", "complete",
            "--out", str(out), "--quiet"]
    code, stdout, err = cli(argv)
    assert code == 0
    line = err.strip().splitlines()[0]
    assert line.startswith("mjstats: no --seed given; this run uses --seed ")
    seed = int(line.split("--seed ")[2].split()[0])
    resume = line.split("finish it with: ")[1]
    assert resume == f"mjstats {' '.join(argv)} --seed {seed} --resume"
    saved = json.loads((out / "manifest.json").read_text())["run"]["seed_entropy"]
    assert saved == str(seed)
    # --resume alone (no seed) reuses the saved seed: the same table, nothing recomputed
    code2, stdout2, err2 = cli([*argv, "--resume"])
    assert code2 == 0 and "no --seed" not in err2
    assert stdout2.splitlines()[:-1] == stdout.splitlines()[:-1]


# --------------------------------------------------------------- the kernel cache


def test_the_cache_cleaner_removes_only_what_mjstats_made(tmp_path):
    from mjstats import _jit

    keep = tmp_path / "numba" / "current"
    keep.mkdir(parents=True)
    ours, theirs = tmp_path / "numba" / "old", tmp_path / "numba" / "user-data"
    for d in (ours, theirs):
        d.mkdir()
        (d / "x.nbi").write_text("x")
    (ours / _jit.CACHE_MARKER).touch()
    old = time.time() - 3 * 86400
    for p in (ours, theirs, ours / _jit.CACHE_MARKER):
        os.utime(p, (old, old))
    (tmp_path / "numba" / "link").symlink_to(theirs)
    _jit._drop_stale(keep)
    assert not ours.exists()
    assert (theirs / "x.nbi").exists() and (tmp_path / "numba" / "link").is_symlink()
    assert keep.exists()


def test_a_recently_used_cache_of_another_version_is_kept(tmp_path):
    from mjstats import _jit

    keep, other = tmp_path / "current", tmp_path / "other"
    keep.mkdir()
    other.mkdir()
    (other / _jit.CACHE_MARKER).touch()  # used just now by a process of another version
    old = time.time() - 3 * 86400
    os.utime(other, (old, old))
    _jit._drop_stale(keep)
    assert other.exists()


# --------------------------------------------------------------- the report's folder


def _stub_report(monkeypatch, sections):
    """write_report with these sections only, and no study started ahead of them."""
    from mjstats import report

    monkeypatch.setattr(report, "SECTIONS", sections)
    monkeypatch.setattr(report, "AHEAD", {})


def test_an_interrupted_report_leaves_its_folder_as_it_was(tmp_path, monkeypatch):
    from mjstats import report

    out = tmp_path / "R"
    out.mkdir()
    (out / "index.html").write_text("the report before")
    (out / "game_sichuan.csv").write_text("a,b\n1,2\n")

    def writes_then_stops(ctx):
        ctx.save(pd.DataFrame({"a": [9]}), "game_sichuan", "a table of this run")
        raise KeyboardInterrupt

    _stub_report(monkeypatch, [writes_then_stops])
    with pytest.raises(KeyboardInterrupt, match=f"nothing of this report was written; {out}"):
        report.write_report(out, games=10, progress=False)
    assert sorted(p.name for p in out.iterdir()) == ["game_sichuan.csv", "index.html"]
    assert (out / "index.html").read_text() == "the report before"
    assert (out / "game_sichuan.csv").read_text() == "a,b\n1,2\n"


def test_a_finished_report_replaces_its_files_and_leaves_no_stage(tmp_path, monkeypatch):
    from mjstats import report

    out = tmp_path / "R"
    out.mkdir()
    (out / "game_sichuan.csv").write_text("old")
    (out / "notes.txt").write_text("the user's own")
    seen = []

    def one_table(ctx):
        seen.append(ctx.out)
        assert ctx.out.parent == out and ctx.out.name.startswith(".mjstats-stage-")
        ctx.save(pd.DataFrame({"a": [9]}), "game_sichuan", "a table of this run")
        return report.Section("one table")

    _stub_report(monkeypatch, [one_table])
    index = report.write_report(out, games=10, progress=False)
    assert index == out / "index.html" and "one table" in index.read_text()
    assert not seen[0].exists()
    assert sorted(p.name for p in out.iterdir()) == [
        "game_sichuan.csv", "game_sichuan.parquet", "index.html", "notes.txt"]
    assert pd.read_csv(out / "game_sichuan.csv")["a"].tolist() == [9]


def test_a_report_is_never_written_into_a_run_folder(tmp_path, monkeypatch):
    from mjstats import report

    _deal(tmp_path / "runs" / "d")
    _stub_report(monkeypatch, [_no_work])
    for where, holds in ((tmp_path / "runs" / "d", "manifest.json"),
                         (tmp_path / "runs", "d/manifest.json")):
        with pytest.raises(RunFolderError, match=f"holds a run \\({holds}\\)"):
            report.write_report(where, games=10, progress=False)


@pytest.mark.parametrize("verb", ["simulate", "report"])
def test_an_empty_folder_name_is_refused(verb, cli, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, stdout, err = cli([verb, "--games", "10", "--out", "", "--quiet"])
    assert code == 2 and stdout == ""
    assert "is an empty name ('')" in err
    assert list(tmp_path.iterdir()) == []


def test_a_different_switch_is_named_alone(tmp_path):
    import mjstats as mj
    from mjstats.sim.simulate import simulate

    simulate("sichuan", games=64, seed=1, out=tmp_path / "s")
    with pytest.raises(RunFolderError) as e:
        simulate(mj.rules("sichuan", cap=16), games=64, seed=1, out=tmp_path / "s", resume=True)
    assert "(saved vs asked: switches.cap: '8' -> '16')" in str(e.value)


def test_a_failed_move_puts_every_old_file_back(tmp_path, monkeypatch):
    out = tmp_path / "R"
    out.mkdir()
    for name in ("a.csv", "b.csv", "index.html"):
        (out / name).write_text(f"old {name}")
    real = os.replace
    calls = []

    def replace(src, dst):
        calls.append(Path(dst).name)
        if "-report-" in Path(src).parent.name and Path(src).name == "b.csv":  # the new b.csv
            raise OSError(28, "No space left on device")
        return real(src, dst)

    monkeypatch.setattr(runfolder.os, "replace", replace)
    with pytest.raises(OSError, match="No space"):
        with runfolder.staged(out, "report") as st:
            for name in ("a.csv", "b.csv", "index.html"):
                (st / name).write_text(f"new {name}")
    assert "a.csv" in calls  # a.csv had moved in before b.csv failed
    assert sorted(p.name for p in out.iterdir()) == ["a.csv", "b.csv", "index.html"]
    assert all((out / n).read_text() == f"old {n}" for n in ("a.csv", "b.csv", "index.html"))


def test_a_name_taken_by_a_folder_is_refused_before_anything_moves(tmp_path):
    out = tmp_path / "R"
    (out / "b.csv").mkdir(parents=True)
    (out / "b.csv" / "keep").write_text("the user's")
    with pytest.raises(RunFolderError, match="b.csv is a folder"):
        with runfolder.staged(out, "report") as st:
            (st / "a.csv").write_text("new")
            (st / "b.csv").write_text("new")
    assert sorted(p.name for p in out.iterdir()) == ["b.csv"]
    assert (out / "b.csv" / "keep").read_text() == "the user's"


def test_a_killed_report_s_stage_goes_and_a_run_ignores_folders(tmp_path):
    out = tmp_path / "R"
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True).stdout.strip()
    stale = out / f".mjstats-stage-{dead}-report-x"
    (stale / "sub").mkdir(parents=True)
    (out / ".tmp-odd").mkdir()  # a folder named like a run's temporary file
    with runfolder.staged(out, "report") as st:
        (st / "index.html").write_text("new")
    assert not stale.exists()
    assert (out / "index.html").read_text() == "new"
    _deal(out / "run")  # a run folder beside them
    shutil.copytree(out / ".tmp-odd", out / "run" / ".tmp-odd")
    _deal(out / "run", resume=True)  # its leftovers' cleanup leaves a folder alone
