"""The turn structure and the game protocol: new game, legal actions, apply, views.

>>> s = new_game(seed=1, dice=[[3, 3, 6]])
>>> dice(s), [str(a) for a in legal_actions(s)]
((3, 3, 6), ['Take die 3', 'Take die 6'])
>>> s2 = apply(s, TakeDie(3))
>>> pending(s2).kind, pending(s2).column
('line', 3)
>>> str(legal_actions(s2)[0])
'Circle banana on line B'
"""

from __future__ import annotations

from dataclasses import replace

from engine.core import IllegalAction, check_seed
from engine.core.quote import quote_thing

from .actions import ACTION_TYPES, ChooseLine, ChooseTanuki, CrossTanuki, TakeDie, encode_action
from .board import BONUS, DIE, FLOWER, layout
from .dice import check_scripted, open_dice
from .effects import resolve_stack
from .fast import circle_fruit_onto, next_pick, run_quick
from .frozen import KIND, from_history, quick_freeze
from .info import INFO
from .sheet import DEFAULT_SHEET, FRUITS, Sheet, load_sheet
from .state import LogEvent, Pending, State, Work, decide, lazy, thaw


def _name(seat: int) -> str:
    return INFO.seat_name(seat)


def run(w: Work, choose) -> None:
    """Play on ``w`` until a decision with several options is needed and ``choose(w, kind,
    options, info)`` returns ``None`` (``w.pending`` then holds it), or the game is over.
    Events are logged in ``w.log`` unless it is ``None`` (then the quick loop runs)."""
    if w.log is None:
        run_quick(w, choose)
    else:
        run_explained(w, choose)


def run_explained(w: Work, choose) -> None:
    """:func:`run` with the log: the rules step by step, each event told."""
    g = w.g
    n = w.n
    while not w.over:
        seat = (w.turn + w.pick) % n
        if w.taken is None:
            b = w.boards[seat]
            opened = open_dice(w.dice, n, w.pick, w.active_take)
            usable = [v for v in opened if v == 6 or b[g.CL + v - 1] > 0]
            forced = not usable
            opts = usable or list(opened)
            v, auto = decide(w, "die", opts, forced, choose)
            if v is None:
                return
            take_die(w, seat, v, forced, auto)
        if not resolve_stack(w, seat, choose):
            return
        _next_pick(w)


def take_die(w: Work, seat: int, v: int, forced: bool, auto: bool = False) -> None:
    """``seat`` takes the die showing ``v`` (``forced``: no open die can be used, so it
    circles a flower); its effect goes on the stack."""
    w.taken = v
    if w.pick == 0:
        w.active_take = v
    if w.log is not None:
        text = f"{_name(seat)} takes die {v}"
        if forced:
            text += " (no die can be used: circle a flower)"
        w.log.append(LogEvent(w.turn, seat, "die", text + (" (auto)" if auto else ""), auto))
    w.stack.append(FLOWER if forced or v == 6 else DIE + v - 1)


def _next_pick(w: Work) -> None:
    """``fast.next_pick``, told in the log: the end of the game, or the roll of a new turn."""
    next_pick(w)
    if w.log is None:
        return
    if w.over:
        why = ", ".join(f"{_name(s)} circled the last {what}" for s, what in w.end_by)
        w.log.append(LogEvent(w.turn, w.turn % w.n, "end", f"Game over: {why}", True))
    elif w.pick == 0:  # a new turn began
        _log_roll(w)


def _log_roll(w: Work) -> None:
    if w.log is not None:
        active = w.turn % w.n
        text = f"Turn {w.turn + 1}: {_name(active)} rolls {', '.join(map(str, w.dice))}"
        w.log.append(LogEvent(w.turn, active, "roll", text, True))


def _stop(w: Work, kind, opts, info):
    return None


def _start_log(state: State) -> tuple:
    return tuple(_start(state.sheet, state.players, state.seed, state.scripted, True, state.legacy_dice).log)


def _step_log(before: State, action, log: tuple) -> tuple:
    return log + tuple(_explained(before, action).log)


lazy("log", lambda s: from_history(s, "log", _start_log, _step_log))
lazy("actions", lambda s: from_history(s, "actions", lambda s: (), lambda b, a, v: v + (encode_action(a),)))


SETUP_KEYS = ("sheet", "dice", "legacy_dice")


def _start(sheet: Sheet, players: int, seed: int, scripted: tuple, log: bool, legacy: bool = False) -> Work:
    """The working copy of a new game, played up to its first decision."""
    g = layout(sheet)
    w = Work.__new__(Work)
    w.g, w.n, w.seed, w.scripted, w.legacy = g, players, seed, scripted, legacy
    w.turn, w.pick, w.active_take, w.taken = 0, 0, None, None
    w.stack, w.boards, w.end_by, w.over = [], [g.new_board() for _ in range(players)], [], False
    w.log, w.roller, w.pending = [] if log else None, None, None
    w.dice = w.roll()
    _log_roll(w)
    run(w, _stop)
    return w


def new_game(seed: int, players: int = 1, **setup) -> State:
    """A new game. ``setup`` may hold ``sheet=`` (a sheet from ``load_sheet`` or its dict;
    default: the project's sheet), ``dice=`` (scripted rolls, one list per turn) and
    ``legacy_dice=True`` (seeded rolls by the rule of version-1 saves, ``dice.legacy_roll``:
    what a game loaded from such a save plays with).

    >>> new_game(0, players=4, dice=[[1, 2, 3]])
    Traceback (most recent call last):
    ...
    ValueError: Scripted roll 1 has 3 dice; 4 player(s) roll 4
    >>> new_game(0, colour="red")
    Traceback (most recent call last):
    ...
    ValueError: Tanuki Matsuri has no set-up option 'colour' (it has: sheet, dice, legacy_dice)
    """
    check_seed(seed)
    INFO.check_players(players)
    INFO.check_setup(setup, SETUP_KEYS)
    sheet, dice, legacy = setup.get("sheet"), setup.get("dice"), setup.get("legacy_dice", False)
    if not isinstance(legacy, bool):
        raise ValueError(f"legacy_dice= must be True or False, not {quote_thing(legacy)}")
    if sheet is None:
        sheet = DEFAULT_SHEET
    elif isinstance(sheet, dict):
        sheet = load_sheet(sheet)
    elif not isinstance(sheet, Sheet):
        raise ValueError(f"sheet= must be a sheet from load_sheet, not {type(sheet).__name__}")
    scripted = check_scripted(dice, players)
    return quick_freeze(_start(sheet, players, seed, scripted, False, legacy), None, None)


def current_player(state: State) -> int | None:
    """The seat to act, or ``None`` once the game is over."""
    if state.over:
        return None
    w = state._w
    return (w.turn + w.pick) % w.n


def legal_actions(state: State) -> list:
    """The actions of the seat to act, in a stable order (empty once the game is over)."""
    return list(state._opts)


def pending(state: State) -> Pending | None:
    """The decision the game waits for (``None`` once it is over)."""
    return state.pending


def is_over(state: State) -> bool:
    return state.over


def dice(state: State) -> tuple[int, ...]:
    """The dice rolled for the current turn."""
    return state.dice


def taken_die(state: State) -> int | None:
    """The die the seat deciding now has taken this pick (``None`` before it takes one, or
    once the game is over).

    >>> s = new_game(1, dice=[[3, 3, 6]])
    >>> taken_die(s), taken_die(apply(s, TakeDie(3)))
    (None, 3)
    """
    return None if state.over else state.taken


def viewer(state: State) -> int | None:
    """The seat a view was made for; ``None`` for a full state.

    >>> s = new_game(1)
    >>> viewer(s), viewer(view(s, 0)), viewer(determinize(view(s, 0), 5))
    (None, 0, None)
    """
    return state.viewer


def choice_key(action) -> int:
    """The number the rules' decision callback receives for ``action`` (die value, line
    index, or column index)."""
    if isinstance(action, TakeDie):
        return action.value
    if isinstance(action, ChooseLine):
        return action.line
    return action.column - 1


def _why_illegal(state: State, action) -> str:
    p = state.pending
    if p is None:
        return "The game is over"
    wanted = {"die": TakeDie, "line": ChooseLine, "tanuki": ChooseTanuki, "penalty": CrossTanuki}[p.kind]
    if not isinstance(action, wanted):
        return f"{p.prompt}: {action!s} is not that kind of choice"
    if p.kind == "die":
        if action.value not in p.open_dice:
            return f"No die showing {action.value} is open to {_name(p.seat)} (open: {p.open_dice})"
        if action.flower != p.forced_flower:
            return (
                f"Die {action.value} cannot be used now"
                if not p.forced_flower
                else "Only a flower is possible"
            )
        return f"Die {action.value} cannot be used: its column has no fruit left"
    if p.kind == "line" and action.column != p.column:
        return f"{p.prompt}: this decision places a {FRUITS[p.column - 1]}"
    choices = ", ".join(str(a) for a in p.options)
    return f"{action!s} is not possible now; the choices are: {choices}"


def _explained(state: State, action) -> Work:
    """The working copy after a legal ``action``, with the log of the step: the rules run
    from the decision point, asking for ``action``'s choice."""
    w = thaw(state, log=True)
    key = [choice_key(action)]

    def choose(w, kind, opts, info):
        return key.pop() if key else None

    run(w, choose)
    return w


def apply(state: State, action) -> State:
    """A new state after ``action``; raises ``IllegalAction`` (state unchanged) if not legal."""
    kind = KIND.get(action.__class__)
    if kind is None or action not in state._opts:
        if not isinstance(action, ACTION_TYPES):
            raise IllegalAction(f"{quote_thing(action)} is not a Tanuki Matsuri move")
        raise IllegalAction(_why_illegal(state, action))
    # A legal action (legal_actions made it): its choice is made directly, as take_die and
    # resolve_stack would, and the quick loop plays on, with no log.
    w = state._w.copy()  # thaw()
    b = w.boards[(w.turn + w.pick) % w.n]
    stack = w.stack
    if kind == "die":
        v = action.value
        w.taken = v
        if w.pick == 0:
            w.active_take = v
        stack.append(FLOWER if action.flower or v == 6 else DIE + v - 1)
    elif kind == "line":
        code = stack.pop()
        circle_fruit_onto(w.g, b, stack, action.line, code - DIE if code >= DIE else code - BONUS)
    else:
        stack.pop()
        b[(w.g.T if kind == "tanuki" else w.g.X) + action.column - 1] += 1
    run_quick(w, None)
    return quick_freeze(w, state, action)


def view(state: State, seat: int) -> State:
    """What ``seat`` may see: every sheet and the current dice, not the seed nor scripted dice."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.players:
        raise ValueError(f"No seat {seat!r} in a {state.players}-player game")
    return replace(state, seed=None, scripted=(), replayable=False, viewer=seat)


def determinize(view_state: State, seed: int) -> State:
    """A full state consistent with a view, whose future rolls come from ``seed``."""
    check_seed(seed)
    return replace(view_state, seed=seed, scripted=(), replayable=False, viewer=None)


def turn_log(state: State, turn: int | None = None) -> tuple[LogEvent, ...]:
    """The events of a turn (default: the latest turn in which someone took a die)."""
    if turn is None:
        picked = [e.turn for e in state.log if e.kind == "die"]
        turn = picked[-1] if picked else state.turn
    return tuple(e for e in state.log if e.turn == turn)


def log_lines(state: State, turn: int | None = None) -> list[str]:
    """Readable lines of a turn's log: the roll, then one chain per player, e.g.
    ``"Player 1 takes die 3 → banana on line C → tanuki bonus: column 2 (pineapple) (auto)"``."""
    lines: list[str] = []
    chain: list[str] = []
    for e in turn_log(state, turn):
        if e.kind in ("die", "roll", "end"):
            if chain:
                lines.append(" → ".join(chain))
            chain = []
        if e.kind in ("roll", "end"):
            lines.append(e.text)
        else:
            chain.append(e.text)
    if chain:
        lines.append(" → ".join(chain))
    return lines


def play(state: State, *actions) -> State:
    """Apply several actions in turn (for scripted scenes and tests)."""
    for a in actions:
        state = apply(state, a)
    return state
