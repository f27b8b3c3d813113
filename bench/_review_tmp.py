import time, sys
from engine.core import play_game
from engine.core.registry import game
from engine.core.coach import review, moves_of, coach_bot
for gid in ["fan_mallet", "tanuki_matsuri", "yokai_carnival", "yokai"]:
    g = game(gid)
    for seed in (1, 2):
        hist = []
        bots = [g.bots()["random"], coach_bot(g)]
        p = play_game(g, bots, seed, players=2, on_move=lambda b, a, af: hist.append(b))
        hist.append(p.state)
        mine = sum(m.seat == 0 for m in moves_of(g, hist))
        t = time.perf_counter(); c = review(g, hist, 0); t1 = time.perf_counter() - t
        t = time.perf_counter(); c2 = review(g, hist, 0, seconds=3.0); t2 = time.perf_counter() - t
        print(f"{gid} seed {seed}: {mine} moves, {len(c)} listed, {t1:.1f} s uncapped; page cap {t2:.1f} s, {len(c2)} listed", flush=True)
