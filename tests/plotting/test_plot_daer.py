import matplotlib

matplotlib.use("Agg")

import numpy as np  # noqa: E402
import pytest  # noqa: E402

from mjstats import daer  # noqa: E402
from mjstats import plotting as P  # noqa: E402
from mjstats.errors import MjStatsError  # noqa: E402


def test_daer_charts_draw_the_study():
    st = daer.deal_study(60_000, seed=2)
    ax = P.plot_daer_hu(st.hu)
    assert np.allclose(sorted(p.get_height() for p in ax.patches), sorted(st.hu["estimate"]))
    seen = st.patterns[st.patterns["count"] > 0]
    ax = P.plot_daer_patterns(st.patterns)
    assert len(ax.patches) == len(seen) > 0
    with pytest.raises(MjStatsError, match="deal study's hu table"):
        P.plot_daer_hu(st.patterns)


def test_daer_charts_draw_a_simulation():
    import mjstats as mj

    d = mj.simulate("daer-luzhou", games=200, seed=1)
    hu = d.distribution("hu")
    ax = P.plot_daer_hu(hu)
    assert np.allclose(sorted(p.get_height() for p in ax.patches), sorted(hu["share"]))
    pats = d.patterns()
    ax = P.plot_daer_patterns(pats)
    assert len(ax.patches) == int((pats["count"] > 0).sum()) > 0
    assert np.allclose(sorted(p.get_width() for p in ax.patches),
                       sorted(pats.loc[pats["count"] > 0, "per_win"]))
