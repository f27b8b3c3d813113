"""What the Coach measures in Yokai (``engine.core.coach.Coaching``).

>>> COACHING.samples < COACHING.screen_worlds
True
"""

from engine.core.coach import Coaching, Measure

COACHING = Coaching(
    # the team's score (-14 to 70) on a win, 40 above it; a loss 0 to 10 by the families grouped
    measure=Measure("score", win=40.0, costly=2.0, unit="points", close=10.0),
    # its playouts are the slowest of the four games: fewer worlds a click and a review
    samples=16,
    screen_worlds=60,
    recheck=6,
)
