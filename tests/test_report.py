import re
import shutil
import subprocess

import pandas as pd
import pytest

from mjstats.report import write_report


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    out = tmp_path_factory.mktemp("report")
    return write_report(out, games=1024, deals=131_072, seed=5, progress=False,
                        command="mjstats report --games 1024")


def test_report_files_and_provenance(report):
    page = report.read_text(encoding="utf-8")
    images = re.findall(r'<img src="([^"]+)"', page)
    assert len(images) >= 2
    for name in images:
        assert (report.parent / name).stat().st_size > 5000
    assert "mjstats report --games 1024" in page and "seed 5" in page and "numba" in page
    df = pd.read_parquet(report.parent / "deal_study.parquet")
    assert set(df["tileset"]) == {"sichuan", "guangan", "liuzhou"}
    assert "@font-face" in page  # the page carries its own CJK glyphs


def test_report_opens_in_a_real_browser(report, tmp_path):
    browser = shutil.which("chromium") or shutil.which("chromium-browser")
    if browser is None:
        pytest.skip("no Chromium on this machine (Debian package 'chromium'; .ci/run installs it)")
    r = subprocess.run(
        [browser, "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
         "--no-first-run", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", f"--user-data-dir={tmp_path}", "--virtual-time-budget=10000",
         "--dump-dom", report.as_uri()],
        capture_output=True, text=True, timeout=120,
    )
    m = re.search(r'data-images="(\d+)/(\d+)"', r.stdout)
    assert m, f"the page's load check did not run: {r.stderr[-500:]}"
    loaded, total = int(m.group(1)), int(m.group(2))
    assert total >= 2 and loaded == total


def test_report_contents_links_and_dictionary(report):
    """The contents list every section, every link resolves to a file beside the page,
    every data file has a CSV copy equal to its Parquet, every column is described,
    and tables and figures are numbered 1, 2, ... with captions."""
    from mjstats.report import COLUMNS

    page = report.read_text(encoding="utf-8")
    anchors = re.findall(r'<a href="#([^"]+)">', page)
    ids = set(re.findall(r'<h2 id="([^"]+)">', page))
    assert anchors and set(anchors) == ids
    files = re.findall(r'<a href="([^"#]+)">', page)
    assert any(f.endswith(".parquet") for f in files) and any(f.endswith(".csv") for f in files)
    for f in files:
        assert (report.parent / f).is_file(), f
    for f in (x for x in files if x.endswith(".parquet")):
        pq = pd.read_parquet(report.parent / f)
        csv = pd.read_csv(report.parent / f.replace(".parquet", ".csv"))
        assert list(pq.columns) == list(csv.columns) and len(pq) == len(csv)
        assert all(COLUMNS.get(c) for c in pq.columns), [c for c in pq.columns
                                                         if not COLUMNS.get(c)]
    for kind in ("Table", "Figure"):
        nums = [int(n) for n in re.findall(kind + r" (\d+)\. \S", page)]
        assert nums == list(range(1, len(nums) + 1)) and nums


def test_report_pairs_the_presets_and_checks_convergence(report):
    """The paired comparison (compare's table) and the convergence check are on the page
    and in its data: the same figures as mj.compare and SimResult.convergence()."""
    import mjstats as mj

    page = report.read_text(encoding="utf-8")
    assert "Paired differences with sichuan" in page and "Convergence check" in page
    c = mj.compare(["sichuan", "sichuan-app", "guangan", "liuzhou"], 1024, seed=5, chunk=512)
    saved = pd.read_parquet(report.parent / "game_compare.parquet")
    pd.testing.assert_frame_equal(saved, c.table(), check_like=False)
    assert "guangan against sichuan: no difference of values" in page
    check = pd.read_parquet(report.parent / "game_convergence.parquet")
    assert sorted(set(check["rules"])) == sorted(c) and (check["batches"] == 2).all()
    mine = c["liuzhou"].convergence_check()
    got = check[check["rules"] == "liuzhou"].drop(columns="rules").reset_index(drop=True)
    pd.testing.assert_frame_equal(got, mine)
    assert 'src="convergence.png"' in page


def test_report_shows_each_pattern_under_each_bot(report):
    """The skill section: every rule set but sichuan-app (its hands are sichuan's) under every
    bot of SKILL_BOTS, the reference's ratios exactly 1 without an interval."""
    from mjstats.report import SKILL_BOTS

    page = report.read_text(encoding="utf-8")
    assert "How much does skill matter" in page and 'src="skill.png"' in page
    assert 'src="skill_shift.png"' in page
    t = pd.read_parquet(report.parent / "skill.parquet")
    assert set(t["rules"]) == {"sichuan", "guangan", "liuzhou"}
    assert set(t["bot"]) == set(SKILL_BOTS)
    ref = t[t["bot"] == SKILL_BOTS[0]]
    assert (ref.loc[ref["per_hand"] > 0, "ratio"] == 1).all() and ref["ratio_lo"].isna().all()


def test_report_compares_the_da_er_presets(report):
    """Da Er's paired comparison: the saved table is mj.compare's at a quarter of the size."""
    import mjstats as mj
    from mjstats.report import DAER_RULES

    page = report.read_text(encoding="utf-8")
    assert "Paired differences with daer-luzhou" in page
    saved = pd.read_parquet(report.parent / "daer_compare.parquet")
    c = mj.compare(list(DAER_RULES), 1024 // 4, seed=5, records=False)
    pd.testing.assert_frame_equal(saved, c.table())
    assert "daer-chongqing against daer-luzhou: no difference per win" in page


def test_report_ladder_is_that_of_mj_ladder(report):
    """The ladder table: every step of the mahjong order for each preset, equal to
    ``mj.ladder`` at the report's size (64 deals per step at 1,024 hands)."""
    import mjstats as mj
    from mjstats.report import GAME_RULES
    from mjstats.study.match import LADDERS

    t = pd.read_parquet(report.parent / "ladder.parquet")
    order = LADDERS["mahjong"]
    steps = [f"{a} < {b}" for a, b in zip(order, order[1:], strict=False)]
    assert t.groupby("rules", sort=False)["step"].apply(list).to_dict() == {
        r: steps for r in GAME_RULES}
    assert (t["deals"] == 64).all() and t["verdict"].notna().all()
    again = mj.ladder(list(GAME_RULES), 64, seed=5).table()
    pd.testing.assert_frame_equal(t, again)


def test_a_study_started_ahead_is_what_its_section_takes(monkeypatch, tmp_path):
    """A study of AHEAD runs in a daemon thread of its own and its section takes that result
    (or its exception); a study not started is run in the section's own thread."""
    import threading

    from mjstats import report as R

    ran = []

    def study(ctx):
        ran.append((threading.current_thread().name, threading.current_thread().daemon))
        return ctx.seed * 2

    monkeypatch.setitem(R.AHEAD, "skill_ev", study)
    ctx = R.Context(games=1, deals=1, seed=21, out=tmp_path)
    ctx.started["skill_ev"] = R._start(ctx, "skill_ev")
    assert ctx.result("skill_ev") == 42
    assert ran == [("mjstats-report-skill_ev", True)] and not ctx.started
    assert ctx.result("skill_ev") == 42  # not started: run here
    assert ran[-1] == (threading.current_thread().name, threading.current_thread().daemon)

    def fails(ctx):
        raise ValueError("the study failed")

    monkeypatch.setitem(R.AHEAD, "skill_ev", fails)
    ctx.started["skill_ev"] = R._start(ctx, "skill_ev")
    with pytest.raises(ValueError, match="the study failed"):
        ctx.result("skill_ev")


def test_waiting_for_a_study_started_ahead_is_shown(monkeypatch, tmp_path, capsys):
    """A section that must wait for its study says so on standard error, with the time."""
    import threading

    from mjstats import report as R

    go = threading.Event()

    def study(ctx):
        go.wait(10)
        return "done"

    monkeypatch.setitem(R.AHEAD, "skill_ev", study)
    ctx = R.Context(games=1, deals=1, seed=1, out=tmp_path, progress=True)
    ctx.started["skill_ev"] = R._start(ctx, "skill_ev")
    threading.Timer(1.2, go.set).start()
    assert ctx.result("skill_ev") == "done"
    out, err = capsys.readouterr()
    assert out == "" and "waiting for skill_ev (started beside the other studies) [00:01]" in err


@pytest.mark.slow
def test_a_cold_report_compiles_nothing_past_its_warm_up(tmp_path):
    """On an empty kernel cache the report's warm-up (WARM_FAMILIES, each in a process of its
    own) compiles every kernel the report's studies use: its own process compiles none."""
    import json
    import os
    import sys

    code = ("import json, sys\n"
            "from mjstats._compiling import announced, compile_seconds\n"
            "from mjstats.report import write_report\n"
            "write_report(sys.argv[1], games=1024, deals=131_072, seed=5, progress=False,\n"
            "             warmup=True)\n"
            "print(json.dumps({'seconds': compile_seconds(), 'families': sorted(announced())}))\n")
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "kernels")}
    out = subprocess.run([sys.executable, "-c", code, str(tmp_path / "report")], env=env,
                         capture_output=True, text=True, check=True, timeout=3600)
    assert json.loads(out.stdout.strip().splitlines()[-1]) == {"seconds": 0.0, "families": []}
