"""The result cache: complete runs only, least recently used dropped first."""

from lab.cache import ResultCache
from lab.plan import Plan
from lab.run import Results


def results(seed, complete=True):
    plan = Plan("fan_mallet", 2, ("random", "random"), 3, seed)
    return Results(plan, (), 0.5, "in-process", complete)


def test_lru_keeps_the_most_recently_used():
    cache = ResultCache(runs=2)
    one, two, three = results(1), results(2), results(3)
    cache.put(one)
    cache.put(two)
    assert cache.get(one.plan) is one  # one is now the most recent
    cache.put(three)  # drops two
    assert cache.get(two.plan) is None
    assert cache.get(one.plan) is one and cache.get(three.plan) is three
    assert len(cache) == 2


def test_a_partial_run_is_not_kept():
    cache = ResultCache()
    cache.put(results(1, complete=False))
    assert cache.get(results(1).plan) is None and len(cache) == 0


def test_the_same_plan_written_again_hits():
    cache = ResultCache()
    cache.put(results(5))
    assert cache.get(Plan("fan_mallet", 2, ("random", "random"), 3, 5)) is not None
    assert cache.get(Plan("fan_mallet", 2, ("random", "random"), 4, 5)) is None
