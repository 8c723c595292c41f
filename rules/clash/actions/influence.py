"""Cultural influence (rulebook page 10): range, die roll, culture-token boosts, one success per turn."""

from __future__ import annotations

from collections.abc import Generator
from typing import TYPE_CHECKING

from ..state.limits import influence_successes, influence_target_size

if TYPE_CHECKING:
    from ..state.runtime import Clash


def swappable_pieces(rt: Clash, p: int, target: str) -> list[str]:
    c = rt.state["cities"][target]
    return [piece for piece, owner in c["pieces"].items()
            if owner != p and not rt.forbidden("influence_swap", actor=p, target=target, piece=piece)]


def _any_swappable(rt: Clash, p: int, target: str) -> bool:
    """swappable_pieces' question when only "is there one?" matters: stops at the first."""
    c = rt.state["cities"][target]
    return any(owner != p and not rt.forbidden("influence_swap", actor=p, target=target, piece=piece)
               for piece, owner in c["pieces"].items())


def valid_source(rt: Clash, p: int, space: str) -> bool:
    """Your city with no foreign piece in it (a city under influence cannot exert it), or any city an
    influence_source permission names (e.g. another player's city holding your pieces)."""
    c = rt.state["cities"].get(space)
    if c is None:
        return False
    if c["owner"] == p and all(o == p for o in c["pieces"].values()):
        return True
    return rt.granted("influence_source", p, city=space)


def influence_sources(rt: Clash, p: int) -> list[str]:
    """Cities p may exert influence from: p's own, and any other city an influence_source permission names."""
    own = rt.cities_of(p)
    if not rt.index.grants.get("influence_source"):
        return own
    return own + sorted(s for s, c in rt.state["cities"].items() if c["owner"] != p and valid_source(rt, p, s))


def attempts(rt: Clash, p: int, source: str | None = None, spent: int = 0,
             first_only: bool = False) -> list[tuple[str, str, int]]:
    """(source, target, culture tokens needed for range) for every attempt p can make now
    (after first spending `spent` culture tokens, e.g. as a special action's cost); `first_only` stops at one."""
    if rt.player(p)["turn"].get("influence_success", 0) >= influence_successes(rt, p):
        return []
    sources = [source] if source else influence_sources(rt, p)
    culture = rt.player(p)["res"]["culture"] - spent
    out = []
    for src in sources:
        if not valid_source(rt, p, src):
            continue
        for tgt, c in rt.state["cities"].items():
            if tgt == src or len(c["pieces"]) < influence_target_size(rt, p, src, tgt):
                continue
            d = rt.distance(src, tgt)
            if d is None:
                continue
            reach = rt.quantity("influence_range", p, rt.city_size(src), source=src, target=tgt)
            need = max(0, d - reach)
            if need > culture:
                continue  # out of range even with every culture token (the commonest refusal: asked first)
            if not _any_swappable(rt, p, tgt) or rt.forbidden("influence_target", actor=p, source=src, target=tgt):
                continue
            if need and rt.forbidden("influence_boost", actor=p, source=src, target=tgt):
                continue
            out.append((src, tgt, need))
            if first_only:
                return out
    return out


def roll(rt: Clash) -> int:
    """A die roll; scenario files may fix the dice in the state ("dice": [..])."""
    fixed = rt.state.get("dice")
    if fixed:
        return int(fixed.pop(0))
    return rt.rng.die(rt.params["die_faces"])


def cultural_influence(rt: Clash, p: int, ctx=None, source: str | None = None) -> Generator:
    options = attempts(rt, p, source)
    if not options:
        return
    ids = [f"{s}>{t}" for s, t, _ in options]
    labels = [f"from {s} to {rt.name(rt.state['cities'][t]['owner'])}'s city at {t}"
              + (f" (+{n} culture for range)" if n else "") for s, t, n in options]
    pick = yield from rt.ask(p, "influence", "Influence which city, from where?", ids, labels)
    src, tgt, need = options[ids.index(pick)]
    res = rt.player(p)["res"]
    yield from rt.spend(p, "culture", need, "influencing")
    die = roll(rt)
    threshold = rt.quantity("influence_threshold", p, rt.params["influence_threshold"], source=src, target=tgt)
    total = die
    boosted = 0
    if die < threshold and not rt.forbidden("influence_boost", actor=p, source=src, target=tgt):
        more = threshold - die
        if more <= res["culture"]:
            go = yield from rt.ask(p, "boost", f"Rolled {die}: spend {more} culture to succeed?",
                                   ["boost", "no"], [f"spend {more} culture", "accept the failure"])
            if go == "boost":
                yield from rt.spend(p, "culture", more, "influencing")
                boosted = more
                total += more
    rt.log(f"  influence from {src} on {tgt}: rolled {die}" + (f" +{boosted}" if boosted else "")
           + (f", {need} culture for range" if need else ""))
    if total >= threshold:
        pieces = swappable_pieces(rt, p, tgt)
        labels = [rt.defn.pieces[x].name for x in pieces]
        piece = yield from rt.ask(p, "piece", "Which piece turns to your colour?", pieces, labels)
        rt.state["cities"][tgt]["pieces"][piece] = p
        rt.player(p)["turn"]["influence_success"] = rt.player(p)["turn"].get("influence_success", 0) + 1
        rt.log(f"  success: the {rt.defn.pieces[piece].name} at {tgt} is now {rt.name(p)}'s")
        yield from rt.emit("influence_succeeded", p, source=src, target=tgt)
    else:
        rt.log("  the influence fails")
        yield from rt.emit("influence_failed", p, source=src, target=tgt)
