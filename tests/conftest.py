"""The whole suite runs over the test-only games too (the example game Pebbles): they are
registered when ``DOJO_TEST_GAMES=1``, the default here. ``DOJO_TEST_GAMES=0 pytest`` runs
over the shipped games alone."""

import os

os.environ.setdefault("DOJO_TEST_GAMES", "1")
