"""Compile the whole-game engine into numba's disk cache, beside the test run.

``tests/conftest.py`` starts this script in a second process when the suite
starts, so that on a cold cache (a fresh clone compiles every kernel) the
game engine — the largest compilation — is built on the second core while the
test process compiles the core, Da Er and exact kernels of the tests that run
first.  When the tests reach the engine they load it from the cache (or, if
the script has not finished, compile it themselves: the same code either way).
On a warm cache the script loads the kernels and exits in seconds.
"""

from mjstats.rules import rules
from mjstats.sim.simulate import compare, play_hand, settle_position, simulate
from mjstats.study.match import match

if __name__ == "__main__":
    simulate("sichuan", games=16, seed=0, log=2, bots=("efficiency", "value", "random", "zimo"))
    compare(["sichuan", "sichuan-app"], games=16, seed=0)
    match("sichuan", 16, bots=("random", "value"), seed=0)  # the duplicate kernel on _play
    play_hand("sichuan", rules("sichuan").tileset.wall)
    settle_position("sichuan", ["123456789m1145p", "123456789m2469p", "123456789s1145p",
                                "123456789s2369p"], que=(2, 2, 0, 0))
