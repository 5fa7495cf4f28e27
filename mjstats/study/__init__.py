"""Studies built from the simulator: the Monte Carlo deal study."""

from mjstats.study.deal_study import (
    add_deal_arguments,
    deal_study,
    run_deal_study_cli,
    study_counts,
)

__all__ = ["add_deal_arguments", "deal_study", "run_deal_study_cli", "study_counts"]
