"""The whole suite runs over the test-only games too (the example game Pebbles): they are
registered when ``DOJO_TEST_GAMES=1``, the default here. ``DOJO_TEST_GAMES=0 pytest`` runs
over the shipped games alone."""

import os

os.environ.setdefault("DOJO_TEST_GAMES", "1")

# Each game's invariants share one file name and hold no doctest: --doctest-modules would
# import them as top-level modules of the same name. The property suite imports them by
# their package path (tests/property/game_checks.py).
collect_ignore_glob = ["engine/*/invariants.py"]
