"""What the Coach measures in Fan & Mallet (``engine.core.coach.Coaching``).

The measure is the marker margin alone: the rulebook's own score when games are played in a
row (the winner gains the loser's unused markers, ``outcome``'s "match points"). A win needs
all 7 markers, so every win is ahead (+1 to +7) and every loss behind: any win is worth more
than any loss without a bonus for it. A bonus made the coach's verdicts noise: a different card
changes who wins in about 40% of the sampled worlds (greedy playouts of a deal diverge), and a
bonus of 10 made each such world swing by 12 to 21 markers, a standard error near 11 markers
over the square root of the worlds; the margin alone swings by about 4, so 64 worlds resolve
what 512 could not. Over 200 positions of ``bench/coach_agreement.py`` the verdict agrees with
the best-of judge (up to 2,048 worlds) on 179 (89.5%), and on 164 of the 175 where that judge
is clear (93.7%); the rest are mostly a better card the lookahead bot missed (12) and verdicts
near the threshold (9).

>>> COACHING.measure.unit, COACHING.measure.win
('markers', 0.0)
"""

from engine.core.coach import Coaching, Measure

COACHING = Coaching(
    # half a marker: a marker lost for sure (a gain of exactly 1) is costly
    measure=Measure("margin", win=0.0, costly=0.5, unit="markers"),
    # the lookahead bot's own card can trail the search's by more than the threshold: when the
    # card played is the bot's, every card of the hand (6 at most) competes in worlds of its own
    rivals=16,
)
