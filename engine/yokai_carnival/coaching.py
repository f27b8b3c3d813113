"""What the Coach measures in Yokai Carnival (``engine.core.coach.Coaching``).

>>> COACHING.measure.unit
'cards'
"""

from engine.core.coach import Coaching, Measure

COACHING = Coaching(
    # the margin of cards in line to the best rival's line (a win is a longest line, never behind)
    measure=Measure("margin", win=10.0, costly=0.5, unit="cards"),
)
