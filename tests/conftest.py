"""The whole suite runs over the test-only games too (the example game Pebbles): they are
registered when ``DOJO_TEST_GAMES=1``, the default here. ``DOJO_TEST_GAMES=0 pytest`` runs
over the shipped games alone."""

import os

os.environ.setdefault("DOJO_TEST_GAMES", "1")

# Each game's invariants and page facts share one file name each and hold no doctest:
# --doctest-modules would import them as top-level modules of the same name. The property
# suite and the browser tests import them by their package path (tests/property/game_checks.py,
# tests/e2e/browser.page_facts).
collect_ignore_glob = ["engine/*/invariants.py", "engine/*/page.py"]


def _scan_installed_components_once() -> None:
    """Every ``AppTest`` scans the metadata of every installed package for custom components
    (Streamlit's ``scan_component_manifests``: about 430 metadata files, 0.3 s on a quiet machine
    and several seconds on a loaded one), and the suite makes hundreds of them. The installed
    packages do not change during a test run, so one scan a test process serves them all."""
    import functools

    from streamlit.components.v2 import manifest_scanner

    manifest_scanner.scan_component_manifests = functools.cache(manifest_scanner.scan_component_manifests)


_scan_installed_components_once()
