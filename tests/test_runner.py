import functools
import io
import os
import signal
import subprocess
import sys
import textwrap
import time

import pandas as pd
import pytest

from mjstats.errors import MjStatsError
from mjstats.runner import MAX_CHUNKS, plan_chunks, run_chunks, sum_frames
from mjstats.sim.deals import CHUNK, complete_counts_task, count_complete

TASK = functools.partial(complete_counts_task, "sichuan", 14, 2026)


def test_chunking_does_not_change_numbers():
    n = 5 * CHUNK + 123
    whole = {f: count_complete(n, "sichuan", 14, form=f, seed=2026)
             for f in ("standard", "seven_pairs", "any")}
    for chunk in (CHUNK, 2 * CHUNK, 8 * CHUNK):
        df = run_chunks(TASK, n, chunk, reduce=sum_frames, progress=False, block=CHUNK)
        assert int(df["deals"].iloc[0]) == n
        for f, v in whole.items():
            assert int(df[f"complete_{f}"].iloc[0]) == v
    assert whole["any"] > 0


def test_plan_and_errors(tmp_path):
    assert plan_chunks(0, CHUNK) == []
    # the plan is worked out when asked: the largest run takes no list of its chunks
    big = plan_chunks(MAX_CHUNKS * 512 - 1, 512, 512)
    assert len(big) == MAX_CHUNKS and big[-1] == ((MAX_CHUNKS - 1) * 512, 511)
    assert big[1:3] == [(512, 512), (1024, 512)]
    with pytest.raises(MjStatsError, match="10,000,000,000,000 hands are more than one run"):
        plan_chunks(10**13, 512, 512, "hands")
    with pytest.raises(MjStatsError, match="multiple of"):
        plan_chunks(10, 1000, CHUNK)
    run_chunks(TASK, CHUNK, CHUNK, out=tmp_path, meta={"seed": 1}, progress=False,
                   block=CHUNK)
    with pytest.raises(MjStatsError, match="different run"):
        run_chunks(TASK, CHUNK, CHUNK, out=tmp_path, meta={"seed": 2}, progress=False,
                   block=CHUNK)
    with pytest.raises(MjStatsError, match="resume"):
        run_chunks(TASK, CHUNK, CHUNK, out=tmp_path, meta={"seed": 1}, progress=False,
                   block=CHUNK)


def test_killed_run_resumes_to_the_same_numbers(tmp_path):
    n, chunk = 40 * CHUNK, CHUNK
    out = tmp_path / "run"
    script = textwrap.dedent(f"""
        import functools, time
        import mjstats.sim.deals as d
        from mjstats.runner import run_chunks
        def slow(start, count):
            time.sleep(0.2)
            return d.complete_counts_task("sichuan", 14, 2026, start, count)
        run_chunks(slow, {n}, {chunk}, out={str(out)!r}, meta={{"t": 1}}, progress=False,
                   block={chunk})
    """)
    proc = subprocess.Popen([sys.executable, "-c", script], start_new_session=True)
    try:
        deadline = time.time() + 240
        while time.time() < deadline and len(list(out.glob("chunk-*.parquet"))) < 3:
            time.sleep(0.05)
            assert proc.poll() is None, "the run ended before it could be killed"
        os.killpg(proc.pid, signal.SIGKILL)
    finally:
        proc.wait()
    saved = len(list(out.glob("chunk-*.parquet")))
    assert 3 <= saved < 40, saved
    resumed = run_chunks(TASK, n, chunk, reduce=sum_frames, out=out, resume=True,
                         meta={"t": 1}, progress=False, block=CHUNK)
    straight = run_chunks(TASK, n, chunk, reduce=sum_frames, progress=False, block=CHUNK)
    pd.testing.assert_frame_equal(resumed, straight)
    assert len(list(out.glob("chunk-*.parquet"))) == 40


def test_dask_cluster_gives_identical_tables():
    distributed = pytest.importorskip("dask.distributed")
    n, chunk = 6 * CHUNK, CHUNK
    local = run_chunks(TASK, n, chunk, reduce=sum_frames, progress=False, block=CHUNK)
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        remote = run_chunks(TASK, n, chunk, reduce=sum_frames, client=client, progress=False,
                            block=CHUNK)
    pd.testing.assert_frame_equal(local, remote)


def test_deal_study_resumes_from_saved_chunks(tmp_path):
    from mjstats.study import deal_study

    n = 5 * CHUNK
    straight = deal_study("liuzhou", n, seed=9, progress=False, exact=False)
    first = deal_study("liuzhou", n, seed=9, progress=False, exact=False, out=tmp_path)
    chunks = sorted(tmp_path.glob("chunk-*.parquet"))
    assert len(chunks) == 1  # 5 blocks fit one runner chunk of 32 blocks
    # lose the work, as if the run had been killed before it was saved
    chunks[0].unlink()
    resumed = deal_study("liuzhou", n, seed=9, progress=False, exact=False, out=tmp_path,
                         resume=True)
    cols = ["metric", "category", "count", "n"]
    pd.testing.assert_frame_equal(straight[cols], first[cols])
    pd.testing.assert_frame_equal(straight[cols], resumed[cols])


def _kernel_compile(seconds, clock):
    """numba's events for compiling a game-engine kernel that takes ``seconds`` on ``clock``."""
    import types as _types

    from numba.core import event

    def fn():
        pass

    fn.__module__ = "mjstats.sim.engine"
    with event.trigger_event("numba:compile", data={"dispatcher": _types.SimpleNamespace(
            py_func=fn)}):
        clock[0] += seconds


def _final_bar(err: str) -> str:
    """The last drawing of the progress bar on standard error."""
    return err.replace("\n", "\r").strip("\r").split("\r")[-1]


def test_progress_rate_excludes_compilation(monkeypatch, capsys):
    import mjstats.runner as runner

    clock = [1000.0]
    monkeypatch.setattr(runner, "_now", lambda: clock[0])

    def task(start, count):
        _kernel_compile(300.0, clock)  # the first chunk compiles for 5 minutes
        clock[0] += 2.0  # then works 2 s
        return pd.DataFrame({"n": [count]})

    run_chunks(task, 2000, 500, block=1, progress=True, unit="hands", desc="t")
    bar = _final_bar(capsys.readouterr().err)
    # 2,000 hands in 4 chunks of 2 s: 250 hands/s over 8 s (not 2000 / 1208 s = 1.66/s)
    assert "2.00k/2.00k [00:08<00:00, 250 hands/s]" in bar, bar


def test_resumed_run_reports_the_rate_of_its_own_work(monkeypatch, capsys, tmp_path):
    import mjstats.runner as runner

    clock = [0.0]
    monkeypatch.setattr(runner, "_now", lambda: clock[0])

    def task(start, count):
        clock[0] += 1.0
        return pd.DataFrame({"n": [count]})

    out = tmp_path / "run"
    run_chunks(task, 1000, 250, block=1, out=out, meta={"t": 1}, progress=False)
    for f in sorted(out.glob("chunk-*.parquet"))[:3]:
        f.unlink()  # three chunks to do again, one saved
    capsys.readouterr()
    df = run_chunks(task, 1000, 250, block=1, out=out, meta={"t": 1}, resume=True,
                    reduce=sum_frames, progress=True, unit="deals", desc="t")
    assert int(df["n"].iloc[0]) == 1000
    bar = _final_bar(capsys.readouterr().err)
    # 750 deals done in 3 s: 250 deals/s (counting the saved 250 would say 333)
    assert "1.00k/1.00k [00:03<00:00, 250 deals/s]" in bar, bar


def test_resumed_run_shows_no_rate_before_its_own_first_chunk(monkeypatch):
    import mjstats.runner as runner

    clock = [0.0]
    monkeypatch.setattr(runner, "_now", lambda: clock[0])
    meter = runner.Meter()
    bar = runner.progress_bar(meter, total=4000, unit=" deals", unit_scale=True,
                              bar_format=runner._BAR_FORMAT, desc="t", file=io.StringIO())
    bar.update(1000)  # read back from the run folder, not timed
    meter.start()
    clock[0] += 2.0  # the first chunk of its own still running
    assert "? deals/s" in str(bar), str(bar)  # not 1,000 saved deals / 2 s
    meter.add(500)
    bar.update(500)
    assert "250 deals/s" in str(bar), str(bar)


@pytest.mark.parametrize("address", ["notanaddress", "tcp://host:port"])
def test_a_malformed_dask_address_is_one_line(address):
    pytest.importorskip("dask.distributed")
    from mjstats.runner import connect

    with pytest.raises(MjStatsError, match=f"--dask '{address}' is no scheduler address"):
        connect(address)
