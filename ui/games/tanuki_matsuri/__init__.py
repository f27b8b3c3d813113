"""Tanuki Matsuri's page code: Play (sheet, decisions, hint, high scores), Learn, What-if."""
