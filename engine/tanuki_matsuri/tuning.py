"""How the shared tools play and time Tanuki Matsuri (``engine.core.tuning``)."""

from engine.core.tuning import Settings, Tuning

TUNING = Tuning(
    # playouts chosen so one decision takes well under a second (``bench/search_time.py``);
    # a playout's cost grows with the seats, so fewer of them at more players
    search=Settings(playouts=150),
    playouts_by_players={2: 100, 3: 70, 4: 50, 5: 40, 6: 30, 7: 30, 8: 25, 9: 20, 10: 20},
    moves=(0.0, 50.0),
    decision_ms={"random": (0.06, 0.0), "greedy": (0.07, 0.0), "hint": (7.3, 35.7), "search": (160.0, 16.0)},
)
