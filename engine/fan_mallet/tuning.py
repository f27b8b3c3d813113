"""How the shared tools play and time Fan & Mallet (``engine.core.tuning``)."""

from engine.core.tuning import Settings, Tuning

TUNING = Tuning(
    # playouts chosen so one decision takes well under a second (``bench/search_time.py``)
    search=Settings(playouts=150),
    moves=(58.0, 0.0),
    decision_ms={
        "random": (0.027, 0.0),
        "greedy": (0.09, 0.0),
        "lookahead": (16.5, 0.0),
        "search": (245.0, 0.0),
    },
)
