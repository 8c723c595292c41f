"""What the generic tools (play, simulate, render, list) need of 7 Wonders, handed over in the game's
descriptor (engine/games.py `GameModule`): per-player summary fields, the score table's columns, the
seats' labels for win rates (the wonder boards), and how `list` shows a card; also the table drawn as text."""

from __future__ import annotations

from typing import Any

from .names import COLOURS, ROMAN
from .scoring.points import final_scores


def player_summary(game, p: int) -> dict[str, Any]:
    pl = game.state["players"][p]
    return {"board": pl["board"], "coins": pl["coins"], "stages": pl["stages"], "built": list(pl["built"]),
            "military": list(pl["military"])}


def progress(game) -> int:
    """How far the game went, for the summary's `rounds`: the age reached."""
    return int(game.state.get("age", 0))


def progress_words(state: dict) -> str:
    """Where the game stands, for headers (the seat's, the replay's): 'Age II, turn 3 of 6'; a Babylon B
    player's seventh card is 'the last card'. '' before the first age, 'game over' once scored."""
    age = int(state.get("age") or 0)
    if state.get("phase") == "over":
        return "game over"
    if age < 1:
        return ""
    turn, turns = int(state.get("turn") or 0), int(state.get("turns") or 0)
    where = f"Age {ROMAN.get(age, age)}"
    if turns and turn > turns:
        return f"{where}, the last card"
    return f"{where}, turn {max(turn, 1)}" + (f" of {turns}" if turns else "")


def seat_label(game, p: int) -> str:
    """What simulate reports win rates by: the player's wonder board."""
    return game.state["players"][p]["board"]


def entry_fields(entry) -> dict[str, Any]:
    """The fields `list --format json` adds for a 7 Wonders entry."""
    d = entry.data
    if entry.kind == "age_card":
        return {"age": d.get("age"), "colour": d.get("colour"), "players": d.get("players"), "cost": d.get("cost"),
                "chain_from": d.get("chain_from")}
    return {"side": d.get("side"), "resource": d.get("resource"), "stages": len(d.get("stages") or [])}


def render_text(game, viewer: int | None = None) -> str:
    """The table as text: each city's cards by colour, wonder stages, coins and military tokens."""
    view = game.view(viewer)
    entries = game.definition.content.entries
    lines = [f"7 Wonders - age {view.get('age')}, turn {view.get('turn')}"]
    for pl in view["players"]:
        board = entries.get(pl["board"])
        total = len(game.definition.stages(pl["board"]))
        mil = sum(pl["military"])
        lines.append(f"{pl['name']} - {board.name if board else pl['board']} ({pl['board']}): "
                     f"{pl['coins']} coins, wonder {pl['stages']}/{total}, military {mil:+d} {pl['military']}")
        for colour in COLOURS:
            cards = [entries[c].name for c in pl["built"] if entries[c].data.get("colour") == colour]
            if cards:
                lines.append(f"  {colour:<7} {', '.join(cards)}")
    if game.over:
        s = final_scores(game.rt)
        lines.append("Scores: " + ", ".join(f"{view['players'][p]['name']} {s['vp'][p]}" for p in range(len(s["vp"]))))
    return "\n".join(lines)


def simulation_record(game, data: dict, bots: list[str]) -> dict[str, Any]:
    """What `simulate` keeps of one game: per player the board (reported like a civilisation: win rate per
    wonder board), the cards built (as `cards_played`), the stages. The game's measures (end_measures.py)
    are recorded beside this by simulate."""
    players = []
    for i, p in enumerate(data["players"]):
        pl = game.state["players"][i]
        players.append({"seat": i, "name": p["name"], "bot": bots[i % len(bots)], "vp": p["vp"],
                        "breakdown": p["vp_breakdown"], "advances": [], "cards_played": list(pl["built"]),
                        "civilization": pl["board"], "stages": pl["stages"], "coins": pl["coins"],
                        "wonders": [], "objectives": [], "events_drawn": []})
    return {"rounds": int(game.state.get("age", 0)), "players": players}


SCORE_COLUMNS = ("military", "treasury", "wonder", "civilian", "science", "commerce", "guild")
