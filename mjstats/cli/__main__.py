"""``python -m mjstats.cli``: the same as the ``mjstats`` command."""

import sys

from mjstats.cli import main

sys.exit(main())
