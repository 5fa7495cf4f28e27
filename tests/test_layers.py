"""The layer contract of pyproject.toml ([tool.importlinter]), checked by import-linter.

Lower floors never import higher ones, the runner knows no game, results and
plots never import an engine, and no package has an import cycle.  Imports
inside functions count like any other.  import-linter runs in a subprocess from
the repository root, so that it reads this checkout's ``mjstats``.
"""

import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = ROOT / "pyproject.toml"

# package __init__ modules that re-export a whole package spread over several
# floors (``from mjstats import daer``); a layer entry would take in the package's
# modules too, so they stay outside the floors, and chains through them are checked
FACADES = {"mjstats", "mjstats.daer", "mjstats.sim"}


def _lint(config: Path) -> tuple[int, str]:
    code = ("import sys; from importlinter.cli import lint_imports; "
            "sys.exit(lint_imports(config_filename=sys.argv[1], no_cache=True, no_logo=True, "
            "is_debug_mode=True))")
    p = subprocess.run([sys.executable, "-c", code, str(config)], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    return p.returncode, p.stdout + p.stderr


def _contracts() -> list[dict]:
    return tomllib.loads(PYPROJECT.read_text(encoding="utf-8"))["tool"]["importlinter"][
        "contracts"]


def _layers() -> list[list[str]]:
    (layers,) = [c["layers"] for c in _contracts() if c["type"] == "layers"]
    return [[m.strip() for m in floor.replace("|", ":").split(":")] for floor in layers]


def _modules() -> set[str]:
    out = set()
    for f in (ROOT / "mjstats").rglob("*.py"):
        parts = f.relative_to(ROOT).with_suffix("").parts
        out.add(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return out


def test_contracts_kept():
    rc, out = _lint(PYPROJECT)
    assert rc == 0, out
    for c in _contracts():
        assert f"{c['name']} KEPT" in out, out


def test_contracts_state_the_floors():
    kinds = {c["type"] for c in _contracts()}
    assert {"layers", "forbidden", "acyclic_siblings"} <= kinds
    floors = _layers()
    entry, top, bottom = floors[0], floors[1], floors[-1]
    assert entry == ["mjstats.__main__"]  # python -m mjstats, above the command line it runs
    assert {"mjstats.api", "mjstats.cli"} <= set(top)
    assert "mjstats.runner" in bottom and "mjstats.errors" in bottom
    order = [m for floor in floors for m in floor]
    # bottom to top: tiles, core, rules, scoring, engines, results, studies
    chain = ["mjstats.tiles", "mjstats.core", "mjstats.rules", "mjstats.scoring",
             "mjstats.sim.engine", "mjstats.results", "mjstats.sim.simulate"]
    assert [order.index(m) for m in chain] == sorted((order.index(m) for m in chain),
                                                      reverse=True)
    by_id = {c.get("id"): c for c in _contracts()}
    assert set(by_id["runner"]["source_modules"]) == {"mjstats.runner", "mjstats.runfolder"}
    assert {"mjstats.sim", "mjstats.daer", "mjstats.tiles"} <= set(
        by_id["runner"]["forbidden_modules"])
    assert set(by_id["results"]["source_modules"]) == {"mjstats.results", "mjstats.plotting"}
    assert {"mjstats.sim", "mjstats.daer.game"} <= set(by_id["results"]["forbidden_modules"])


def test_every_module_has_a_floor():
    entries = [m for floor in _layers() for m in floor]
    placed = {m for m in _modules() if any(m == e or m.startswith(e + ".") for e in entries)}
    assert _modules() - placed == FACADES
    # Da Er's cards are on the ground floor with the mahjong tile sets
    assert "mjstats.tiles.daer_cards" in _modules()


def test_a_wrong_contract_is_broken(tmp_path):
    # core imports tiles, so a contract that puts tiles above core must fail
    cfg = tmp_path / "wrong.toml"
    cfg.write_text(
        '[tool.importlinter]\nroot_package = "mjstats"\n\n'
        '[[tool.importlinter.contracts]]\nname = "tiles above core"\ntype = "layers"\n'
        'layers = ["mjstats.tiles", "mjstats.core"]\n\n'
        '[[tool.importlinter.contracts]]\nname = "core never imports tiles"\n'
        'type = "forbidden"\nsource_modules = ["mjstats.core"]\n'
        'forbidden_modules = ["mjstats.tiles"]\n',
        encoding="utf-8")
    rc, out = _lint(cfg)
    assert rc != 0
    assert "Traceback" not in out, out
    assert "tiles above core BROKEN" in out and "core never imports tiles BROKEN" in out, out
