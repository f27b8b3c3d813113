"""Learn scenes: one per Yokai ability and one per General ability (pure Python)."""

from __future__ import annotations

from dataclasses import dataclass

import engine.yokai_carnival as yc

from .scene_base import Scene, play, position


@dataclass(frozen=True)
class CardScene:
    """One Yokai's scene as data: the position (``lines``, ``hands``, the discard pile and the
    top of the Yama, Player 1 to move) and the moves that show its ability (codec tokens)."""

    title: str
    text: str
    lines: tuple
    hands: tuple
    moves: tuple[str, ...]
    discard: tuple[str, ...] = ()
    yama: tuple[str, ...] = ()
    note: str = ""


BLUE = (
    CardScene(
        "Wanyūdō (blue): a card back from the discard pile",
        "Wanyūdō joins the line, then one **Yokai** of your choice from the discard pile follows it. "
        "The discarded General is not a Yokai card, so it cannot be chosen.",
        (["tengu"], ["nue", "kitsune"]),
        (["wanyudo", "nue", "tengu"], ["umibozu"] * 3),
        ("s0", "discard:0"),
        discard=("kitsune", "otakemaru", "nopperabo"),
        note="too_few",
    ),
    CardScene(
        "Umibōzu (blue): the top of the Yama",
        "Umibōzu joins the line, then the top card of the Yama "
        "joins it too (here Yuki-onna, green). Its own ability is not used.",
        (["tengu"], ["nue", "kitsune"]),
        (["umibozu", "nue", "tengu"], ["umibozu"] * 3),
        ("s0",),
        yama=("yuki_onna",),
    ),
)
RED = (
    CardScene(
        "Kamaitachi (red): the 2 rightmost cards",
        "Kamaitachi discards the 2 rightmost **unprotected** "
        "cards of the opponent's line. Nurarihyon protects itself and every card left of it.",
        (["tengu"], ["nue", "umibozu", "nurarihyon", "tengu", "kitsune", "wanyudo"]),
        (["kamaitachi", "tengu", "tengu"], ["umibozu"] * 3),
        ("s0",),
    ),
    CardScene(
        "Nue (red): one card you pick",
        "Nue discards one unprotected card of your choice from the "
        "opponent's line: here the Kitsune in the middle of their unconfirmed line.",
        (["tengu"], ["umibozu", "nurarihyon", "tengu", "kitsune", "yuki_onna"]),
        (["umibozu", "nue", "kitsune"], ["umibozu"] * 3),
        ("s1", "line:1:3"),
    ),
)
YELLOW = (
    CardScene(
        "Kitsune (yellow): look at 3, take 1 — then Strike",
        "Kitsune looks at the top 3 Yama cards and "
        "takes one: a red Nue, which makes the hand 3 red cards. **Strike check 2** now offers a "
        "Strike. The other two cards went to the bottom of the Yama, in the order seen.",
        (["tengu"], ["nue"]),
        (["kamaitachi", "nue", "kitsune"], ["umibozu"] * 3),
        ("s2", "revealed:0"),
        yama=("nue", "wanyudo", "yuki_onna"),
    ),
    CardScene(
        "Tengu (yellow): name a colour",
        "Tengu names **blue**: Yama cards are revealed until a blue one "
        "shows (Nue, Kitsune, then Umibōzu). Umibōzu goes to the hand; the others to the bottom of "
        "the Yama. Three blue cards: Strike check 2 offers a Strike.",
        (["kitsune"], ["nue"]),
        (["umibozu", "umibozu", "tengu"], ["umibozu"] * 3),
        ("s2", "colour:blue"),
        yama=("nue", "kitsune", "umibozu"),
    ),
)
GREEN = (
    CardScene(
        "Yuki-onna (green): the opponent discards 2",
        "Yuki-onna makes the opponent discard 2 cards "
        "of **their own** choice from their hand: Player 2 chooses (here their first two cards).",
        (["tengu"], ["nue"]),
        (["umibozu", "nue", "yuki_onna"], ["nue", "kitsune", "tengu"]),
        ("s2", "hand:1:0", "hand:1:0"),
    ),
    CardScene(
        "Nopperabō (green): look at a hand",
        "Nopperabō shows Player 2's hand **to Player 1 only** "
        "(drawn in Player 2's row): three red cards, a Strike ready. Player 1 now picks the card to "
        "discard.",
        (["tengu"], ["nue"]),
        (["umibozu", "tengu", "nopperabo"], ["kamaitachi", "kamaitachi", "nue"]),
        ("s2",),
    ),
)
CARD_SCENES = BLUE + RED + YELLOW + GREEN
"""One scene per Yokai type, in the rulebook's order of colours."""


def card_scene(spec: CardScene) -> Scene:
    """The Learn scene of one Yokai: its position, then its moves played."""
    base = position(spec.lines, spec.hands, discard=spec.discard, yama=spec.yama)
    rule = "Yokai and General Abilities; Details of Each Ability"
    return Scene(spec.title, spec.text, rule, play(base, *spec.moves), base, note=spec.note)


def yokai_scenes() -> list[Scene]:
    return [card_scene(spec) for spec in CARD_SCENES]


GENERAL_TEXT = {
    "nurarihyon": ("the top 2 Yama cards join the line right of it (you choose their order)", ("o01",)),
    "shuten_doji": (
        "the top 3 Yama cards join the line; Shuten-dōji protects **nothing**, itself included",
        ("o012",),
    ),
    "tamamo_no_mae": (
        "up to 2 Yokai of your choice come back from the discard pile",
        ("discard:0", "discard:0"),
    ),
    "daitengu": ("every card left in your hand joins the line, abilities unused", ("o01",)),
    "otakemaru": ("every opponent discards the rightmost unprotected card of their line", ()),
    "ibaraki_doji": (
        "up to 3 unprotected cards of an opponent's line, your choice, are discarded",
        ("line:1:0", "line:1:0", "stop"),
    ),
    "gashadokuro": (
        "you name a colour: every unprotected card of that colour leaves the opponent's line",
        ("colour:red",),
    ),
    "yamata_no_orochi": (
        "you take up to 2 unprotected cards from opponents' lines into yours",
        ("line:1:1", "line:1:0"),
    ),
}


def general_scenes() -> list[Scene]:
    out = []
    for general, (what, moves) in GENERAL_TEXT.items():
        players = 3 if general == "otakemaru" else 2
        lines = [["umibozu", "tengu", "nue"], ["nue", "kamaitachi", "tengu", "nue"], ["umibozu", "kitsune"]]
        hands = [["kitsune", "umibozu", "yuki_onna"], ["umibozu"] * 3, ["tengu"] * 3][:players]
        other = "daitengu" if general != "daitengu" else "nurarihyon"
        base = position(
            lines[:players],
            hands,
            waiting=(general, other),
            discard=[
                "kitsune",
                "nue",
                next(g for g in ("otakemaru", "ibaraki_doji") if g not in (general, other)),
            ],
            yama=["kamaitachi", "kitsune", "wanyudo"],
        )
        due = play(base, "s2n")
        state = due
        for token in ("g0", *moves):
            if yc.is_over(state) or yc.decision(state).seat != 0:
                break
            if token in {yc.encode_action(a) for a in yc.legal_actions(state)}:
                state = play(state, token)
        name = yc.summon_waiting(base)[0].name
        out.append(
            Scene(
                f"General: {name}",
                f"Yuki-onna brings the fourth colour: General Summon. {name}: {what}.",
                "General Cards; Details of Each Ability",
                state,
                due,
                explain="general",
                note="shuten" if general == "shuten_doji" else "order",
            )
        )
    return out
