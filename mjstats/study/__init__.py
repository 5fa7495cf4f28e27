"""Studies built from the simulator: the Monte Carlo deal study, duplicate matches of bots."""

from mjstats.study.deal_study import deal_study, study_counts

__all__ = ["deal_study", "study_counts"]
