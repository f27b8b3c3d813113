"""The hypothesis profiles of the property tests, registered here and used by
``tests.property.draw.budget`` (never loaded globally: other tests keep hypothesis' defaults).

"dojo": the same examples on every run (``derandomize``), so ``make test`` is reproducible.
"dojo-soak" (``DOJO_SOAK=1``, CI): ten times the examples, freshly random each run; a failure
prints the blob that replays it (``@reproduce_failure``).
"""

from __future__ import annotations

from hypothesis import HealthCheck, Phase, settings

_COMMON = dict(
    deadline=None,
    database=None,
    # no explain phase: it replays a failing game many times over for a small hint
    phases=[Phase.explicit, Phase.reuse, Phase.generate, Phase.target, Phase.shrink],
    # whole games are drawn move by move: slow and long draws are the point, not a smell
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.large_base_example],
)

settings.register_profile("dojo", derandomize=True, print_blob=False, **_COMMON)
settings.register_profile("dojo-soak", derandomize=False, print_blob=True, **_COMMON)
