"""One search bot for every game: information-set Monte Carlo tree search through the protocol.

Each playout samples a full state consistent with the seat's view (``game.determinize``), walks
one shared tree of action sequences with UCT, adds one node, plays the game out and backs up
every seat's reward from ``game.outcome``. Because the tree is keyed by actions, not states, the
sampled worlds all pool their statistics: that is single-observer ISMCTS (Cowling, Powley and
Whitehouse 2012). An action only legal in some worlds is judged by how often it was
*available* (its availability count replaces the parent's visit count in UCT), so a move
that exists in few worlds is neither starved nor over-explored. We chose it over determinized
UCT (one tree per world, votes summed) because one tree spends the whole budget on one set of
statistics: with a few hundred playouts per decision, separate trees would each be too
shallow to tell moves apart.

Playouts are played by the game's own rule-of-thumb bot (``greedy``; Yokai's ``partner``)
with a random move now and then, and a node's first child is that bot's choice: random
playouts made the search lose to greedy in Yokai Carnival and never win a game of Yokai.
Where noise still swamps the differences (a game's ``TUNING``), the bot keeps the rollout bot's
move unless the search is clearly sure of a better one (``Settings.trust``).

Some games search the root only (``Settings.flat``, Yokai Carnival and Yokai): each sampled
world is shared by every candidate move (common random numbers), so two moves are compared
world by world, and sequential halving spends the budget on the better half. At a few dozen
playouts a deep tree over sampled worlds is mostly noise and strategy fusion; this flat search
is what Yokai Carnival's ``lookahead`` bot does, with whole-game playouts instead of a
heuristic after a round.

Rewards: in a competitive game each seat scores its place against every other seat (ahead 1,
level 0.5, behind 0; the winner of a tie-break counts as ahead), averaged, so a winner gets 1;
or (``Settings.versus="best"``, Yokai Carnival) against the best rival only: 1 for a win, else
0, the margin measured to the longest other line. Averaged places pay for second place and for
hurting any rival alike, so at 3 players and more the search steered for places, not wins; a
solo game or a cooperative one (``INFO.cooperative``) backs up the score itself, scaled to
0..1 by the lowest and highest scores this search has seen.

The budget is counted in playouts, so the same view, generator seed and budget give the same
action on any machine; ``seconds`` only caps a live page's wait.

>>> import random
>>> from engine.core.registry import games
>>> g = games()[0]
>>> v = g.view(g.new_game(3), 0)
>>> bot = search_bot(g, playouts=30)
>>> bot(v, random.Random(1)) == bot(v, random.Random(1)), bot(v, random.Random(1)) in g.legal_actions(v)
(True, True)
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import replace

from .loop import MAX_MOVES
from .protocol import Action, Bot, Game, State
from .rng import fresh_seed
from .tuning import DEFAULT_TUNING, Settings, tuning_of

DEFAULTS = DEFAULT_TUNING.search
"""The settings of a game whose ``TUNING`` says nothing about the search."""


def settings_for(game: Game, players: int | None = None) -> Settings:
    """The default settings of ``game`` (at ``players`` seats, where that changes the budget):
    its ``TUNING`` (``engine/<game>/tuning.py``), or :data:`DEFAULTS`.

    >>> from engine.core.registry import games
    >>> settings_for(games()[0]).playouts > 0
    True
    """
    return tuning_of(game).settings(players)


def is_cooperative(game: Game) -> bool:
    """True when every seat shares one result (``INFO.cooperative``)."""
    return bool(game.INFO.cooperative)


def place_rewards(
    ranking: tuple[int, ...],
    scores: tuple[float, ...],
    winner: int | None,
    margin: float = 0.0,
    versus: str = "all",
) -> list[float]:
    """Each seat's share of its pairwise places: ahead of a seat 1, level 0.5, behind 0,
    averaged over the other seats. Level means equal scores with neither seat the winner.
    With ``margin`` > 0 that share of each pair is the relative score margin instead
    (0.5 ± half the difference over the sum of the two scores' sizes, plus one).
    ``versus="best"``: each seat against the best other seat only (1 for the winner, else 0;
    the margin to the best other score).

    >>> place_rewards((1, 0), (3.0, 7.0), 1)
    [0.0, 1.0]
    >>> place_rewards((0, 2, 1), (5.0, 2.0, 5.0), None)
    [0.75, 0.0, 0.75]
    >>> [round(r, 3) for r in place_rewards((1, 0), (3.0, 7.0), 1, margin=0.5)]
    [0.159, 0.841]
    >>> place_rewards((0, 2, 1), (5.0, 2.0, 5.0), 0, versus="best")
    [1.0, 0.0, 0.0]
    """
    n = len(scores)
    if versus == "best":
        return _best_rewards(ranking, scores, margin)
    if versus != "all":
        raise ValueError(f"A reward is measured against 'all' or 'best', not {versus!r}")
    place = [0] * n
    for i, seat in enumerate(ranking):
        place[seat] = i
    out = []
    for s in range(n):
        got = 0.0
        for t in range(n):
            if t == s:
                continue
            if scores[s] == scores[t] and winner not in (s, t):
                won = 0.5
            else:
                won = 1.0 if place[s] < place[t] else 0.0
            if margin:
                a, b = scores[s], scores[t]
                won = (1 - margin) * won + margin * (0.5 + 0.5 * (a - b) / (abs(a) + abs(b) + 1))
            got += won
        out.append(got / (n - 1))
    return out


def _best_rewards(ranking: tuple[int, ...], scores: tuple[float, ...], margin: float) -> list[float]:
    out = []
    for s in range(len(scores)):
        won = 1.0 if ranking[0] == s else 0.0
        if margin:
            a = scores[s]
            b = max(scores[t] for t in range(len(scores)) if t != s)
            won = (1 - margin) * won + margin * (0.5 + 0.5 * (a - b) / (abs(a) + abs(b) + 1))
        out.append(won)
    return out


def search_bot(game: Game, *, playouts: int | None = None, seconds: float | None = None, **tuning) -> Bot:
    """The search bot of ``game``: ``bot(view, rng) -> action``. ``playouts`` is the budget
    (default: :func:`settings_for`, by game and player count); ``seconds`` caps the wall-clock
    time as well (for a live page only: with it the answer depends on the machine). At least
    one playout is run. ``tuning`` overrides other :class:`Settings` fields."""
    if playouts is not None and playouts < 1:
        raise ValueError(f"A search needs at least one playout, not {playouts!r}")
    unknown = set(tuning) - set(Settings.__dataclass_fields__)
    if unknown:
        raise TypeError(f"search_bot has no setting {sorted(unknown)[0]!r}")
    if tuning.get("versus", "all") not in ("all", "best"):
        raise ValueError(f"versus is 'all' or 'best', not {tuning['versus']!r}")

    def search(view: State, rng: random.Random) -> Action:
        return choose(game, view, rng, playouts=playouts, seconds=seconds, **tuning)

    search.__name__ = "search"
    return search


def choose(
    game: Game,
    view: State,
    rng: random.Random,
    *,
    playouts: int | None = None,
    seconds: float | None = None,
    **tuning,
) -> Action:
    """The action the search picks for the seat to move in ``view`` (see :func:`search_bot`)."""
    legal = game.legal_actions(view)
    if len(legal) == 1:
        return legal[0]
    if not legal:
        raise ValueError("The game is over: there is no action to choose")
    start = time.perf_counter()
    me = game.current_player(view)
    first = game.determinize(view, fresh_seed(rng))
    players = len(game.outcome(first).scores)
    settings = replace(settings_for(game, players), **tuning)
    budget = playouts if playouts is not None else settings.playouts
    policy = _policy(game, settings.rollout)
    tree = _Search(game, rng, settings, policy, scored=is_cooperative(game) or players == 1)
    if settings.flat and 2 * len(legal) <= budget:  # else too few worlds per candidate: the tree
        default = policy(view, rng) if policy is not None and settings.trust else None
        return _flat(game, view, rng, tree, legal, me, budget, seconds, start, default, settings.trust)
    root = _Node(me)
    for done in range(budget):
        if done and seconds is not None and time.perf_counter() - start >= seconds:
            break
        world = first if done == 0 else game.determinize(view, fresh_seed(rng))
        tree.playout(root, world)
    best = _most_visited(legal, root)
    if settings.trust and policy is not None:
        best = _unless_clearly_better(policy(view, rng), best, root, settings.trust)
    return best


def _policy(game: Game, name: str | None) -> Bot | None:
    bots = game.bots()
    if name is None or (name == "greedy" and name not in bots):
        return None
    return bots[name]


def _most_visited(legal: list, root: _Node) -> Action:
    best, best_key = legal[0], None
    for action in legal:
        child = root.children.get(action)
        if child is None:
            continue
        key = (child.visits, child.total / child.visits)
        if best_key is None or key > best_key:
            best, best_key = action, key
    return best


def _unless_clearly_better(default: Action, best: Action, root: _Node, trust: float) -> Action:
    """``best`` only if its mean beats ``default``'s by ``trust`` standard errors."""
    a, b = root.children.get(best), root.children.get(default)
    if best == default or b is None or b.visits < 2 or a.visits < 2:
        return best if b is None else default
    ma, mb = a.total / a.visits, b.total / b.visits
    va = max(0.0, a.squares / a.visits - ma * ma)
    vb = max(0.0, b.squares / b.visits - mb * mb)
    error = math.sqrt(va / a.visits + vb / b.visits)
    return best if ma - mb > trust * error else default


def _flat(
    game: Game,
    view: State,
    rng: random.Random,
    tree: _Search,
    legal: list,
    me: int,
    budget: int,
    seconds: float | None,
    start: float,
    default: Action | None,
    trust: float,
) -> Action:
    """Flat Monte Carlo at the root with sequential halving and common random numbers.

    Each round samples new worlds and plays every surviving candidate in each of them (the same
    world and the same rollout generator seed for all, so candidates are compared world by
    world, not against each other's luck); then the worse half by mean reward is dropped,
    except ``default`` (the rollout bot's own move), which stays to the end. With ``trust``,
    the best candidate replaces ``default`` only if its mean gain over it, world by world,
    beats ``trust`` standard errors."""
    rewards: dict[Action, list[float]] = {a: [] for a in legal}
    alive = list(legal)
    rounds = max(1, math.ceil(math.log2(len(alive))))
    spent, worlds = 0, 0
    for r in range(rounds):
        share = (budget - spent) // (rounds - r)
        new = max(1, share // len(alive))
        for _ in range(new):
            if worlds and seconds is not None and time.perf_counter() - start >= seconds:
                break
            seed = fresh_seed(rng)
            world = game.determinize(view, seed)
            here = set(game.legal_actions(world))
            for action in alive:
                if action not in here:  # not available in this world: judged on the others
                    rewards[action].append(math.nan)
                    continue
                tree.rng = random.Random(seed)
                rewards[action].append(tree.rewards(tree.rollout(game.apply(world, action)))[me])
                spent += 1
            worlds += 1
        if len(alive) <= 2 and r < rounds - 1:
            continue
        ranked = sorted(alive, key=lambda a: -_mean(rewards[a]))  # stable: ties keep legal order
        keep = ranked[: max(1, (len(alive) + 1) // 2)] if r < rounds - 1 else ranked[:1]
        if default in alive and default not in keep:
            keep.append(default)
        alive = [a for a in alive if a in keep]
    best = max(alive, key=lambda a: _mean(rewards[a]))
    if default is None or default not in alive or best == default:
        return best
    diffs = [x - y for x, y in zip(rewards[best], rewards[default], strict=True) if x == x and y == y]
    if len(diffs) < 2:
        return default
    mean = sum(diffs) / len(diffs)
    var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
    return best if mean > trust * math.sqrt(var / len(diffs)) else default


def _mean(values: list[float]) -> float:
    got = [v for v in values if v == v]
    return sum(got) / len(got) if got else -math.inf


class _Node:
    """The statistics of one action edge: how often it was taken, how often it was legal, and
    the rewards (and their squares) of the seat that took it, summed."""

    __slots__ = ("children", "visits", "avail", "total", "squares", "seat")

    def __init__(self, seat: int) -> None:
        self.children: dict[Action, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.squares = 0.0
        self.seat = seat


class _Search:
    """One decision's search: the game's functions, the generator and the score range seen."""

    def __init__(
        self, game: Game, rng: random.Random, settings: Settings, policy: Bot | None, scored: bool
    ) -> None:
        self.apply = game.apply
        self.legal_actions = game.legal_actions
        self.is_over = game.is_over
        self.current_player = game.current_player
        self.outcome = game.outcome
        self.rng = rng
        self.c = settings.exploration
        self.epsilon = settings.epsilon
        self.horizon = settings.horizon if settings.horizon is not None else MAX_MOVES
        self.margin = settings.margin
        self.versus = settings.versus
        self.policy = policy
        self.view = game.view if settings.blind else None
        self.scored = scored
        self.low = math.inf
        self.high = -math.inf

    def playout(self, root: _Node, state: State) -> None:
        """One iteration: select and expand in the tree, roll out, back up."""
        apply, legal_actions = self.apply, self.legal_actions
        node, path = root, []
        while not self.is_over(state):
            legal = legal_actions(state)
            children = node.children
            untried = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    untried.append(action)
                else:
                    child.avail += 1
            if untried:
                action = self.expand(state, untried)
                child = children[action] = _Node(self.current_player(state))
                child.avail = 1
                path.append(child)
                state = apply(state, action)
                break
            action, node = self.select(legal, children)
            path.append(node)
            state = apply(state, action)
        rewards = self.rewards(self.rollout(state))
        for child in path:
            r = rewards[child.seat]
            child.visits += 1
            child.total += r
            child.squares += r * r

    def expand(self, state: State, untried: list) -> Action:
        """The untried action to add: the rollout bot's choice while it is untried (so the
        tree first looks at the moves a sensible player makes), else one at random."""
        if self.policy is not None and len(untried) > 1:
            favourite = self.policy(self.seen(state), self.rng)
            if favourite in untried:
                return favourite
        return untried[self.rng.randrange(len(untried))] if len(untried) > 1 else untried[0]

    def seen(self, state: State) -> State:
        """What the rollout bot is handed: the acting seat's view when ``blind``."""
        return self.view(state, self.current_player(state)) if self.view else state

    def select(self, legal: list, children: dict) -> tuple[Action, _Node]:
        """UCT over the legal children, the availability count standing for the parent's visits."""
        low, span = self.scale()
        c = self.c
        best, best_node, best_value = None, None, -math.inf
        for action in legal:
            child = children[action]
            n = child.visits
            value = (child.total / n - low) / span + c * math.sqrt(math.log(child.avail) / n)
            if value > best_value:
                best, best_node, best_value = action, child, value
        return best, best_node

    def scale(self) -> tuple[float, float]:
        if not self.scored:
            return 0.0, 1.0
        if self.high > self.low:
            return self.low, self.high - self.low
        return self.low - 0.5, 1.0

    def rollout(self, state: State) -> State:
        """The rollout bot's moves (a random one now and then), or random moves, up to the
        horizon or the end of the game."""
        apply, legal_actions, is_over, rng = self.apply, self.legal_actions, self.is_over, self.rng
        policy, epsilon = self.policy, self.epsilon
        moves = 0
        while not is_over(state):
            if moves == self.horizon:
                return state
            if policy is not None and rng.random() >= epsilon:
                state = apply(state, policy(self.seen(state) if self.view else state, rng))
            else:
                legal = legal_actions(state)
                state = apply(state, legal[rng.randrange(len(legal))] if len(legal) > 1 else legal[0])
            moves += 1
        return state

    def rewards(self, state: State) -> list[float] | tuple[float, ...]:
        out = self.outcome(state)
        if self.scored:
            score = out.scores[0]
            self.low = min(self.low, score)
            self.high = max(self.high, score)
            return out.scores
        return place_rewards(out.ranking, out.scores, out.winner, self.margin, self.versus)


__all__ = [
    "DEFAULTS",
    "Settings",
    "choose",
    "place_rewards",
    "search_bot",
    "settings_for",
]
