"""The version of mjstats (one place: the package, run folders and the CLI read it)."""

__version__ = "0.1.0"
