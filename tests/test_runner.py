import functools
import os
import signal
import subprocess
import sys
import textwrap
import time

import pandas as pd
import pytest

from mjstats.errors import MjStatsError
from mjstats.runner import plan_chunks, run_chunks, sum_frames
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
