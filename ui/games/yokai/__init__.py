"""Yokai's page code: play (board, panel, below), learn, what-if, set-up and page memory."""
