"""What a Civilization option points at in the drawing (the descriptor's `option_targets`), so the browser seat
lights it and a click on it chooses the option: squares (`data-space="x,y"`: a square named by the option, the
acting city for a city's action, a moving figure's square or the square a step leads to), the viewer's own cards
(`data-card`), a battle's fronts and hand (`data-target` front-N, hand-N) and players (`player-N`)."""

from __future__ import annotations

import re
from typing import Any

from ..board import board

SPACE = re.compile(r"\d+,\d+")
IDS = re.compile(r"[a-z][a-z0-9_]*")


def _figure(rt: Any, fid: str) -> list[str]:
    f = next((f for f in rt.state["figures"] if str(f["id"]) == fid), None)
    return [board.key(f["x"], f["y"])] if f else []


def option_targets(game: Any, d: Any, option: str) -> list[str]:
    """The drawing's marks the option stands for ([] for none)."""
    rt = game.rt
    what, _, rest = option.partition(":")
    if d.kind == "city_action":
        city = next((c for c in rt.state["cities_built"] if c["id"] == rt.state.get("acting_city")), None)
        at = SPACE.findall(option)
        return at or ([board.key(city["x"], city["y"])] if city else [])
    if d.kind == "move":
        return _figure(rt, rest) if what == "fig" else SPACE.findall(option)
    if d.kind == "step":
        moving = [f for f in rt.state["figures"] if f["id"] in (rt.state.get("moving") or [])]
        if not moving or option == "stop":
            return [board.key(moving[0]["x"], moving[0]["y"])] if moving else []
        dx, dy = board.STEPS[rest or what]
        return [board.key(moving[0]["x"] + dx, moving[0]["y"] + dy)]
    if d.kind == "battle" and what.isdigit():
        return [f"hand-{what}"] + ([f"front-{rest}"] if rest.isdigit() else [])
    if d.kind in ("build_city", "kill_target") and what in ("city", "fig"):
        return _figure(rt, rest)
    if d.kind == "send_scout":
        city = next((c for c in rt.state["cities_built"] if str(c["id"]) == option), None)
        return [board.key(city["x"], city["y"])] if city else []
    if d.kind in ("trade_offer", "exchange_with", "rival", "gift_to", "rival_token"):
        seat = rest if what == "to" else option
        return [f"player-{seat}"] if seat.isdigit() else []
    spaces = SPACE.findall(option)
    ids = [p for p in IDS.findall(SPACE.sub(" ", option)) if p in rt.d.content.entries]
    return list(dict.fromkeys(spaces + ids))
