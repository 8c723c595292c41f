"""The features of a 7 Wonders position, per player, for the fitted evaluation (engine/value.py).

Quantities and counts named after the game's data, never after a card: points and each part of the score
table, coins, cards built per colour (the colours the content's cards carry), wonder stages, production
units, science symbols (the most and fewest of a kind, wilds, what one more wild would score) and shields.
The progress is the share of the game's picks made.
"""

from __future__ import annotations

from typing import Any

from ..city.military import shields
from ..scoring.points import final_scores
from ..scoring.science import SYMBOLS, science_points


def _colours(defn: Any) -> list[str]:
    got = defn.__dict__.get("_value_colours")
    if got is None:
        got = sorted({str(e.data["colour"]) for e in defn.content.entries.values()
                      if "colour" in e.data and "age" in e.data})
        defn.__dict__["_value_colours"] = got
    return got


OTHER = ("coins", "stages", "production", "science_most", "science_fewest", "science_wilds", "science_next",
         "shields")


def names(game: Any) -> list[str]:
    parts = sorted(final_scores(game.rt)["breakdown"][0])
    return (["vp"] + [f"vp_{k}" for k in parts] + [f"built_{c}" for c in _colours(game.rt.d)] + list(OTHER))


def rows(game: Any) -> list[list[float]]:
    rt = game.rt
    defn = rt.d
    colours = _colours(defn)
    scores = final_scores(rt)
    parts = sorted(scores["breakdown"][0])
    out = []
    for p in range(rt.n):
        pl = rt.player(p)
        built = [0.0] * len(colours)
        for c in pl["built"]:
            colour = defn.content.entries[c].data.get("colour")
            if colour in colours:
                built[colours.index(colour)] += 1
        units = sum(int(a[1]) if len(a) > 1 else 1 for a in rt.grants(p, "produce"))
        units += sum(1 for _ in rt.grants(p, "produce_one_of")) + sum(1 for _ in rt.grants(p, "produce_private"))
        symbols = dict.fromkeys(SYMBOLS, 0)
        for args in rt.grants(p, "science"):
            symbols[args[0]] = symbols.get(args[0], 0) + 1
        wilds = sum(1 for _ in rt.grants(p, "science_wild"))
        sets = rt.d.params["science_set_points"]
        nxt = science_points(symbols, wilds + 1, sets) - science_points(symbols, wilds, sets)
        b = scores["breakdown"][p]
        out.append([float(scores["vp"][p])] + [float(b[k]) for k in parts] + built
                   + [float(pl["coins"]), float(pl.get("stages") or 0), float(units), float(max(symbols.values())),
                      float(min(symbols.values())), float(wilds), float(nxt), float(shields(rt, p))])
    return out


def progress(game: Any) -> float:
    st = game.rt.state
    ages = game.rt.d.params["ages"]
    turns = st.get("turns") or 6
    done = ((st.get("age") or 1) - 1) * turns + max(0, (st.get("turn") or 1) - 1)
    return min(1.0, max(0.0, done / (ages * turns)))


def winners(game: Any) -> list[int]:
    return final_scores(game.rt)["winners"]
