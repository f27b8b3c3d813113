"""Hostile input on every entry point a user controls (issue #13)."""
