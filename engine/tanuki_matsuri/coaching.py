"""What the Coach measures in Tanuki Matsuri (``engine.core.coach.Coaching``).

>>> COACHING.measure.base
'score'
"""

from engine.core.coach import Coaching, Measure

COACHING = Coaching(
    # every sheet scores on its own: the final score itself
    measure=Measure("score", win=0.0, costly=1.0, unit="points"),
    screen_worlds=200,
)
