"""Lab: bots play many seeded games; win rates with confidence intervals, scores, game
lengths and each game's teaching facts as charts, tables and a CSV."""

from ui.kit.server import settle
from ui.lab import lab_page

settle()  # app.py in front of this page when it is opened by its address
lab_page()
