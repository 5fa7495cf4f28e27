"""Compile the whole-game engine into numba's disk cache, beside the test run.

``tests/conftest.py`` starts this script in a second process when the suite
starts, so that on a cold cache (a fresh clone compiles every kernel) the
game engine — the largest compilation — is built on the second core while the
test process compiles the core, Da Er and exact kernels of the tests that run
first.  When the tests reach the engine they load it from the cache (or, if
the script has not finished, compile it themselves: the same code either way).
On a warm cache the script loads the kernels and exits in seconds.  The
workload is the engine family's of ``mjstats warmup`` (:mod:`mjstats.warmup`):
whole hands under every policy, a preset comparison, a duplicate match, a hand-built
hand, a 查叫
settlement and the table model of the discard analysis; then the engine with
``ev`` seats (the ``ev`` family) and with a ``rollout`` seat.
"""

from mjstats._compiling import Quiet, showing
from mjstats.warmup import WORKLOADS

if __name__ == "__main__":
    with showing(Quiet()):
        WORKLOADS["engine"]()
        WORKLOADS["ev"]()
        import mjstats as mj
        from mjstats.sim import ev

        with ev.settings(rollouts=1):  # the rollout bot's engine (tests/sim/test_rollout_bot.py)
            mj.simulate("sichuan", 2, ("rollout", "efficiency", "efficiency", "efficiency"),
                        seed=0)
