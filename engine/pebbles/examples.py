"""Set-ups ``new_game`` accepts: ``(players, setup)`` pairs using every keyword (the contract
suite round-trips them through saves and share links)."""

SETUP_EXAMPLES = ((2, {"pile": 20}), (3, {"pile": 30}))
