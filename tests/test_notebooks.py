"""Every notebook runs top to bottom at a small size (stored without outputs), and its
Chinese renders: no missing-glyph warning."""

import json
import os
from pathlib import Path

import pytest

NOTEBOOKS = sorted(Path(__file__).resolve().parents[1].glob("notebooks/*.ipynb"))
SMALL = {"MJSTATS_NB_DEALS": "131072", "MJSTATS_NB_GAMES": "300", "MJSTATS_NB_DRAWS": "6"}


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_runs_small(path, monkeypatch):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    pytest.importorskip("ipykernel")
    raw = json.loads(path.read_text())
    assert all(not c.get("outputs") for c in raw["cells"] if c["cell_type"] == "code"), \
        f"{path.name} is stored with outputs"
    for k, v in SMALL.items():
        monkeypatch.setenv(k, v)
    monkeypatch.setenv("MPLBACKEND", "Agg")
    nb = nbformat.read(path, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=600, kernel_name="python3",
                                     resources={"metadata": {"path": str(path.parent)}})
    client.execute()
    errors = [o for c in nb.cells for o in c.get("outputs", []) if o.get("output_type") == "error"]
    assert not errors
    # Chinese renders: no missing-glyph warning in any cell's output (mj.plot.setup() first)
    text = "".join(o.get("text", "") for c in nb.cells for o in c.get("outputs", [])
                   if o.get("output_type") == "stream")
    assert "missing from" not in text and "Glyph" not in text, text[-500:]
    assert sum(1 for c in nb.cells if c.cell_type == "code" and c.outputs) >= 2


def test_notebooks_exist():
    assert len(NOTEBOOKS) >= 2 and os.sep not in NOTEBOOKS[0].name
