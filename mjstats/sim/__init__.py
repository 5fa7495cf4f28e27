"""Simulation: seeded deals, the compiled game engine, bots and whole-hand runs.

Deals in :mod:`mjstats.sim.deals`, the engine in :mod:`mjstats.sim.engine`, its
bots in :mod:`mjstats.sim.bots`, records and event logs in :mod:`mjstats.sim.records`
and :mod:`mjstats.sim.log`, and ``simulate`` / ``compare`` in
:mod:`mjstats.sim.simulate`.
"""
