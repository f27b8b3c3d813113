"""Yokai Carnival page code."""
