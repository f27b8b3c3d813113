"""The Lab page: bots play many seeded games, and the page sums them up for a class.

``form`` picks the plan, ``running`` plays it (progress, cancel, cache) and ``results`` shows
the charts, tables and the CSV. Everything computed lives in ``lab/``; this package only draws.
"""

from .page import lab_page

__all__ = ["lab_page"]
