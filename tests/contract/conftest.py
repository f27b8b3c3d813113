"""The games the conformance suite runs on: every ready game of the registry (the test-only
games too when ``DOJO_TEST_GAMES=1``, the suite's default: ``tests/conftest.py``).

A test that takes ``game`` runs once per game; one that takes ``game`` and ``players`` runs
once per game and player count (Tanuki Matsuri 1 to 10). A game added to
``engine/core/registry.py`` gets the whole suite as soon as its module follows the protocol.
"""

from __future__ import annotations

import pytest

from tests.contract.harness import GAMES


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    names = metafunc.fixturenames
    if "players" in names:
        params = [pytest.param(g, n, id=f"{g.INFO.id}-{n}p") for g in GAMES for n in g.INFO.players]
        metafunc.parametrize(("game", "players"), params)
    elif "game" in names:
        metafunc.parametrize("game", [pytest.param(g, id=g.INFO.id) for g in GAMES])
