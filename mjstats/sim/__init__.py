"""Simulation: random deals (:mod:`mjstats.sim.deals`); games come later."""
