"""The deal-odds page generator (small sizes)."""

from mjstats.study import report


def test_report_renders_and_reuses_saved_tables(tmp_path, capsys):
    report.main(["--deals", "3000", "--seed", "1", "--tables", str(tmp_path)])
    first = capsys.readouterr().out
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "guangan-3000.parquet", "liuzhou-3000.parquet", "sichuan-3000.parquet"]
    assert "| complete_14 | standard |" in first
    assert "2143179701279/708384171528036000" in first  # the riichi check
    report.main(["--deals", "3000", "--seed", "1", "--tables", str(tmp_path)])
    again = capsys.readouterr().out
    # the saved tables are read back: same figures
    assert again.split("\n", 1)[1] == first.split("\n", 1)[1]
