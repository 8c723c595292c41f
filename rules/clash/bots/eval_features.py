"""The features of a Clash of Cultures position, per player, for the fitted evaluation (engine/value.py).

Only quantities and counts, named after the rules' own data (the scoring's parts, the resource kinds, the
unit roles, the card decks), never after a card: VP and each of its parts, cities, city pieces, the
largest city, happy and angry cities, units per role, resources per kind, the culture and happiness
levels, cards in hand per deck, a reserved wonder. The progress is the share of the game's turns played.
"""

from __future__ import annotations

from typing import Any

from ..phases.scoring import final_scores

CITY = ("cities", "city_pieces", "largest_city", "happy_cities", "angry_cities")
LEVELS = ("culture_level", "happiness_level")  # the player's tracks


def _kinds(rt: Any) -> tuple[list[str], list[str], list[str]]:
    """Resource kinds, unit roles and card decks of this game, in a fixed order."""
    return sorted(rt.player(0)["res"]), sorted(rt.defn.roles), sorted(rt.state["decks"])


def names(rt: Any) -> list[str]:
    """The feature names of this game (they depend on its content only)."""
    res, roles, decks = _kinds(rt)
    parts = sorted(final_scores(rt)["breakdown"][0])
    return (["vp"] + [f"vp_{k}" for k in parts] + list(CITY) + [f"units_{r}" for r in roles] + ["units_other"]
            + [f"res_{k}" for k in res] + list(LEVELS) + [f"hand_{d}" for d in decks] + ["reserved_wonder"])


def rows(game: Any) -> list[list[float]]:
    """Every player's features (one row a player, in `names`' order)."""
    rt = game.rt
    res, roles, decks = _kinds(rt)
    scores = final_scores(rt)
    parts = sorted(scores["breakdown"][0])
    n = rt.n
    city = [[0.0] * len(CITY) for _ in range(n)]
    for c in rt.state["cities"].values():
        q = c["owner"]
        if q is None or q >= n:
            continue
        size = len(c["pieces"])
        row = city[q]
        row[0] += 1
        row[1] += size
        row[2] = max(row[2], float(size))
        row[3] += c.get("mood") == "happy"
        row[4] += c.get("mood") == "angry"
    role_of = {t: r for r, t in rt.defn.roles.items()}
    units = [[0.0] * (len(roles) + 1) for _ in range(n)]
    for u in rt.state["units"].values():
        q = u["owner"]
        if q is None or q >= n:
            continue
        r = role_of.get(u["type"])
        units[q][roles.index(r) if r in roles else len(roles)] += 1
    out = []
    for q in range(n):
        pl = rt.player(q)
        b = scores["breakdown"][q]
        out.append([float(scores["vp"][q])] + [float(b[k]) for k in parts] + city[q] + units[q]
                   + [float(pl["res"].get(k, 0)) for k in res] + [float(pl.get(k) or 0) for k in LEVELS]
                   + [float(len(pl["hand"].get(d) or [])) for d in decks] + [float(bool(pl.get("reserved_wonder")))])
    return out


def progress(game: Any) -> float:
    """The share of the game's turns begun: 0 at the first turn, near 1 in the last."""
    st, params = game.rt.state, game.rt.defn.rules["params"]
    per = params.get("turns_per_round") or 1
    total = (params.get("rounds") or 1) * per
    done = ((st.get("round") or 1) - 1) * per + max(0, (st.get("turn") or 1) - 1)
    return min(1.0, max(0.0, done / total))


def winners(game: Any) -> list[int]:
    return final_scores(game.rt)["winners"]
