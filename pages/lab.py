"""Lab: bots play many seeded games; win rates with confidence intervals, scores, game
lengths and each game's teaching facts as charts, tables and a CSV."""

from ui.lab import lab_page

lab_page()
