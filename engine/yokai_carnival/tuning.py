"""How the shared tools play and time Yokai Carnival (``engine.core.tuning``)."""

from engine.core.tuning import Settings, Tuning

TUNING = Tuning(
    # a game decided by a card or two: greedy playouts without noise, the line margin in the
    # reward, and a flat search (the deep tree lost to greedy: 32% of 100 games at 16 playouts)
    # that keeps greedy's own move unless the search is clearly sure of a better one (2p, 48
    # playouts: 59% of 300 games at trust 1; 49% of 100 at trust 2, 32% at trust 0)
    # 3-5 players: each seat is rewarded against the best rival only (``versus="best"``: a win,
    # and the margin over the longest other line), not its average place. 48 playouts, the
    # same seeds: 3p 42.5% -> 50.0% of 200 games (fair 33.3%), 4p 35.0% of 200 -> 38.1% of
    # 160 (fair 25%), 5p 29.5% -> 29.0% of 200 (fair 20%). Rejected on top of it (4p, 160
    # games, 48 playouts, all within noise of 38.1%): trust 0.5 (38.8%), blind rollouts
    # (38.1%, slower), the margin alone (margin 1: 37.5%). 500 games with these settings, 48
    # playouts: 3p 45.6%, 4p 37.8%, 5p 27.8%; at the default budget: 2p 66.4% (500 games),
    # 3p 49% (100), 4p 40% (100), 5p 34.4% (500)
    search=Settings(playouts=150, epsilon=0.0, margin=0.5, trust=1.0, flat=True, versus="best"),
    playouts_by_players={4: 100, 5: 100},
    moves=(30.0, 12.5),
    decision_ms={
        "random": (0.08, 0.0),
        "greedy": (0.1, 0.0),
        "lookahead": (14.0, 9.0),
        "search": (165.0, 13.0),
    },
)
