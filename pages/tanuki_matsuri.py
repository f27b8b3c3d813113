"""Tanuki Matsuri · 狸祭り: play solo or as a group, learn with scripted scenes, what-if, rules.

The page's code is in ``ui/tanuki_page.py`` (an imported module is compiled once; a page
script is recompiled on every rerun). The bots move last, after everything is drawn.
"""

from ui import controls
from ui.tanuki_page import NS, draw

pace = draw()
controls.bot_turns(NS, pace)
