"""``python -m mjstats``: the same as the ``mjstats`` command (and ``python -m mjstats.cli``)."""

import sys

from mjstats.cli import main

sys.exit(main())
