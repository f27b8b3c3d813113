"""Property-based tests (hypothesis) of every engine through the game protocol (issue #13)."""
