"""Fan & Mallet (団扇と小槌): play (hot-seat, against a bot, bot against bot), learn, what-if, rules.

The page's code is in ``ui/fan_mallet_page.py`` (imported once, not re-compiled on every rerun).
"""

from ui.fan_mallet_page import main

main()
