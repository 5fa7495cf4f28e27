"""``mjstats warmup``: every kernel family compiled in parallel processes, one line each."""

from mjstats._compiling import FAMILIES


def test_warmup_help(cli):
    code, out, err = cli(["warmup", "--help"])
    assert code == 0 and err == ""
    assert "--jobs" in out
    for f in FAMILIES:
        assert f.key in out


def test_warmup_on_a_warm_cache_loads_every_family_it_names(cli):
    # the first run compiles what the cache lacks (nothing once the suite has run)
    assert cli(["warmup", "scorer", "hand", "--quiet"])[0] == 0
    code, out, err = cli(["warmup", "scorer", "hand", "--quiet"])
    assert code == 0 and err == ""
    lines = out.splitlines()
    assert len(lines) == 3, out
    assert sorted(line.split()[0] for line in lines[:2]) == ["hand", "scorer"]
    for line in lines[:2]:
        assert line.endswith(": loaded from the cache"), line
    assert lines[2].startswith("2 families in ")
    assert lines[2].endswith("(0 compiled, 2 loaded from the cache)")


def test_warmup_unknown_family_is_one_line(cli):
    code, out, err = cli(["warmup", "engine", "nosuch"])
    assert code == 2 and out == ""
    assert err.startswith("mjstats: error: unknown kernel family 'nosuch'")
    assert err.count("\n") == 1
