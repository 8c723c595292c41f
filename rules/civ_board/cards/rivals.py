"""Culture event cards aimed at other players: a rival falls into Anarchy, rivals lose coin tokens.

The card's owner chooses the rival (and which coin token it loses); a rival the Pyramids keep out of Anarchy
(`no_anarchy`), or already in Anarchy, cannot be chosen for it. These cards say `aims: player`: once the
rivals are chosen, they may cancel the card (reactions.aim). A gift to a rival (a coin token) is here too.
"""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING, Any

from ..registry import function, procedure
from .reactions import aim

if TYPE_CHECKING:
    from ..state.runtime import Civ


def others(rt: Civ, p: int) -> list[int]:
    return [(p + i) % rt.n for i in range(1, rt.n)]


@function("rivals")
def rivals(rt: Civ, ctx: Any) -> int:
    return rt.n - 1


@procedure("rival_anarchy")
def rival_anarchy(rt: Civ, p: int, ctx: Any = None) -> Generator:
    anarchy = rt.params["transition_government"]
    targets = [q for q in others(rt, p) if rt.player(q)["government"] != anarchy and not rt.granted("no_anarchy", q)]
    if not targets:
        return
    q = int((yield from rt.ask(p, "rival", f"{rt.name(p)}: who falls into Anarchy?", [str(q) for q in targets],
                               [rt.name(q) for q in targets])))
    if (yield from aim(rt, ctx, [q], "player")):
        return
    rt.player(q)["government"] = anarchy
    rt.player(q)["anarchy_since"] = rt.state["turn"]
    rt.log(f"{rt.name(q)} falls into Anarchy")


@procedure("rivals_discard_coin_token")
def rivals_discard_coin_token(rt: Civ, p: int, most: int, ctx: Any = None) -> Generator:
    """Up to `most` other players (p chooses them all, each once, before any answer) discard one coin token
    each, p choosing which."""
    chosen: list[int] = []
    for _ in range(int(most)):
        targets = [q for q in others(rt, p) if q not in chosen and any(rt.player(q)["coin_tokens"].values())]
        if not targets:
            break
        q = int((yield from rt.ask(p, "rival", f"{rt.name(p)}: who discards a coin token?",
                                   [str(q) for q in targets], [rt.name(q) for q in targets])))
        chosen.append(q)
    if not chosen or (yield from aim(rt, ctx, chosen, "player")):
        return
    for q in chosen:
        tokens = rt.player(q)["coin_tokens"]
        cards = sorted(c for c, n in tokens.items() if n)
        card = yield from rt.ask(p, "rival_token", f"{rt.name(p)}: which coin token of {rt.name(q)}?", cards,
                                 [rt.entry_name(c) for c in cards])
        tokens[card] -= 1
        rt.log(f"{rt.name(q)} discards a coin token from {rt.entry_name(card)}")


@procedure("rival_coin_token")
def rival_coin_token(rt: Civ, p: int, ctx: Any = None) -> Generator:
    """Another player of p's choice puts a coin token on their civilisation sheet (a coin while it is there)."""
    q = int((yield from rt.ask(p, "gift_to", f"{rt.name(p)}: who gets a coin token?", [str(q) for q in others(rt, p)],
                               [rt.name(q) for q in others(rt, p)])))
    tokens = rt.player(q)["coin_tokens"]
    civ = rt.player(q)["civ"]
    tokens[civ] = tokens.get(civ, 0) + 1
    rt.log(f"{rt.name(q)} puts a coin token on {rt.entry_name(civ)}")
