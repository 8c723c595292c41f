"""What a person's seat needs from a game, shared by the terminal seat and the browser seat.

Everything here is cut to one seat: `seat_state` builds the view, the pending decision (only when it is
that seat's), the log and the public score; `board_svg` draws the board as that seat sees it. Nothing
returned names the seed, the RNG, another seat's hand or a deck's order (the view already hides them; the
board's title is built here without the seed).

Bots on other seats pick through `bot_choice`, which seeds the bot from the game's seed, the seat and the
number of actions taken: a game stopped and resumed (terminal `--resume`, a server restart) plays on
exactly as it would have without the pause.
"""

from __future__ import annotations

import re
from typing import Any

from ...api import scores
from ...dsl.rules_text import fill
from ...dsl.variant_report import summary as changes_summary
from ...engine import games
from ...engine.bots import bots_for, make_bot
from ...engine.decision import Decision
from ...engine.games import visible_log as log_of
from ...engine.machine import Game
from ...engine.undo import undo_check
from ..render.game import render_game
from ..render.option_picture import picture
from .account import readable

HUMAN = "human"
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


def seat_kinds(game_id: str | None = None) -> list[str]:
    """Who may sit in a seat of `game_id` (default: the default game): a person, or one of its bots."""
    game_id = game_id or games.default_game()
    games.find(game_id)  # imports the game's package: its bots register
    return [HUMAN, *sorted(bots_for(game_id))]


def bot_choice(game: Game, kind: str, time_cap: float | None = None) -> str:
    """The option a bot of `kind` picks for the pending decision (deterministic, restart-proof; with
    `time_cap`, a search is cut after that many seconds, which only a slow machine notices)."""
    d = game.pending
    assert d is not None
    seed = int(game.config.get("seed", 0))
    bot = make_bot(kind, (seed * 1000 + d.player) * 100_003 + len(game.actions), game.definition.game_id)
    if time_cap is not None and hasattr(bot, "time_cap"):
        bot.time_cap = time_cap
    return bot.choose(game, d)


def option_labels(d: Decision) -> list[str]:
    """The options in words, space ids shown as board labels (D1 ...)."""
    return [readable(d.label(o)) for o in d.options]


_PART = re.compile(r"[a-z][a-z0-9_]*")
SUMMARY = 70  # characters of an option's one-line summary


def option_text(game: Game, d: Decision, option: str) -> str:
    """What choosing `option` means, in words: the game's own (its descriptor's `option_text`), else the text of
    the content entry or basic action the option names ('' when it names none)."""
    own = games.find(game.definition.game_id).option_text
    if own is not None:
        text = own(game, d, option)
        if text:
            return readable(text)
    actions = {a.get("id"): a for a in (getattr(game.definition, "rules", None) or {}).get("actions", [])
               if isinstance(a, dict)}
    for part in [option, *_PART.findall(option)]:
        words = entry_words(game, part)
        if words is not None and words["text"]:
            return readable(f"{words['name']} ({words['kind']}): {words['text']}")
        if part in actions and actions[part].get("text"):  # its {parameters} filled from the rules in force
            text = fill(str(actions[part]["text"]), getattr(game.definition, "rules", {}).get("params") or {})
            return readable(f"{actions[part].get('name', part)}: {text}")
    return ""


def summary(text: str, width: int = SUMMARY) -> str:
    """A text on one line, cut at a word to about `width` characters."""
    line = " ".join(text.split()).rstrip(";,. ")
    if len(line) <= width:
        return line
    return line[: width - 1].rsplit(" ", 1)[0].rstrip(";,.:- ") + "…"  # never a dangling "-" or ":" before the cut


_SPACE = re.compile(r"-?\d+,-?\d+")


def option_targets(game: Game, d: Decision, option: str) -> list[str]:
    """What an option points at in the drawing: the game's own (its descriptor's `option_targets`), else the
    space ids and the content ids it names (the board drawing marks spaces with data-space and cards with
    data-card)."""
    own = games.find(game.definition.game_id).option_targets
    if own is not None:
        return list(own(game, d, option))
    spaces = _SPACE.findall(option)
    rest = _SPACE.sub(" ", option)
    ids = [p for p in _PART.findall(rest) if p in game.definition.content.entries]
    return list(dict.fromkeys(spaces + ids))


def option_warning(game: Game, d: Decision, option: str) -> str:
    """A question to confirm before taking `option` ('' for none): the game's own (its descriptor's `option_warning`),
    such as ending a turn with actions left."""
    own = games.find(game.definition.game_id).option_warning
    return str(own(game, d, option) or "") if own is not None else ""


def standing(game: Game, d: Decision) -> bool:
    """May the person answer this question once for the whole game (the game's descriptor's `standing_kinds`)?"""
    return d.kind in games.find(game.definition.game_id).standing_kinds


def pending_json(d: Decision, game: Game | None = None) -> dict:
    out = {"player": d.player, "kind": d.kind, "prompt": readable(d.prompt), "options": list(d.options),
           "labels": option_labels(d)}
    if game is not None:
        out["texts"] = [option_text(game, d, o) for o in d.options]
        out["targets"] = [option_targets(game, d, o) for o in d.options]
        out["warnings"] = [option_warning(game, d, o) for o in d.options]
        out["standing"] = standing(game, d)
        spaces = games.find(game.definition.game_id).option_spaces
        if spaces is not None:

            out["pictures"] = [picture(spaces(game, d, o)) for o in d.options]
    return out


def undo_json(game: Game, seat: int) -> dict:
    """May `seat` take back its last decision now, and if not, why (engine/undo.py decides)."""

    check = undo_check(game, seat)
    return {"possible": check.steps > 0, "reason": check.reason}


def progress_words(game_id: str, state: dict) -> str:
    """Where the game stands, for a header: the game's own words (its descriptor's `progress_words`), else
    "round R, turn T" from the state's round and turn ('' when it has neither)."""
    own = games.find(game_id).progress_words
    if own is not None:
        return str(own(state) or "")
    if state.get("round") is None:
        return ""
    return f"round {state['round']}" + (f", turn {state['turn']}" if state.get("turn") is not None else "")


def names(game: Game) -> list[str]:
    return [p["name"] for p in game.state["players"]]


def entry_words(game: Game, ident: str) -> dict[str, str] | None:
    """The name, kind and text of a content entry, or None when `ident` names none."""
    e = game.definition.content.entries.get(ident)
    if e is None:
        return None
    out = {"name": e.name, "kind": e.kind.replace("_", " "), "text": e.text}
    changed = game.definition.content.variant_changes.get(ident)
    if changed:  # the printed text is the card's; what the variant in force changed of it is said beside it
        out["text"] = f"{e.text} [in this game: {changes_summary(changed)}]".strip()
    combat = e.data.get("combat")
    if isinstance(combat, dict) and combat.get("text"):
        out["combat"] = f"{combat.get('title', 'Combat')}: {combat['text']}"
    return out


def hand_cards(game: Game, player: int) -> list[dict[str, str]]:
    """The player's own hand, card by card, in words: the game's own (its descriptor's `seat_card`: 7 Wonders
    says a card's colour, cost and effect), else the entry's kind and printed text."""
    hand = game.state["players"][player]["hand"]
    by_kind = hand.items() if isinstance(hand, dict) else [("card", hand)]  # Clash: by kind; 7 Wonders: a list
    own = games.find(game.definition.game_id).seat_card
    out = []
    for kind, cards in by_kind:
        for card in cards:
            words = entry_words(game, card) or {"name": card, "kind": kind.replace("_", " "), "text": ""}
            if own is not None and card in game.definition.content.entries:
                words = {**words, **{k: str(v) for k, v in own(game, player, card).items()}}
            out.append({"id": card, **words})
    return out


def seat_notes(game: Game, player: int) -> list[str]:
    """The browser's panel beside the drawing: the game's own (its descriptor's `seat_notes`: what its drawing
    does not show), else the seat's whole panel."""
    own = games.find(game.definition.game_id).seat_notes
    return list(own(game, player)) if own is not None else seat_panel(game, player)


def seat_panel(game: Game, player: int) -> list[str]:
    """The seat's panel as lines of text: the game's own (its descriptor's `seat_panel`), else its hand and points."""
    own = games.find(game.definition.game_id).seat_panel
    if own is not None:
        return list(own(game, player))
    vp = score_json(game)["vp"][player]
    return [f"{vp:g} VP", "Hand: " + ("; ".join(f"{c['name']} ({c['kind']})" for c in hand_cards(game, player)) or "empty")]


def seat_columns(game: Game, seat: int | None) -> dict[str, list]:
    """The players table's columns the game computes from what `seat` may see (its descriptor's `seat_columns`,
    such as Civilization's coins, which no view stores), else none: the page reads the view's own."""
    own = games.find(game.definition.game_id).seat_columns
    return {str(k): list(v) for k, v in own(game, seat).items()} if own is not None else {}


def _ids_in(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        if _ID.match(value):
            found.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _ids_in(k, found)
            _ids_in(v, found)
    elif isinstance(value, list):
        for v in value:
            _ids_in(v, found)


def glossary(game: Game, view: dict) -> dict[str, str]:
    """Names of the content ids that occur in a view (so only what the seat may see is named)."""
    found: set[str] = set()
    _ids_in(view, found)
    out = {}
    for ident in sorted(found):
        words = entry_words(game, ident)
        if words is not None:
            out[ident] = words["name"]
    return out


def score_json(game: Game) -> dict:
    """VP by player and, at the end, the winners (public information)."""

    s = scores(game)
    return {"vp": list(s["vp"]), "winners": list(s["winners"]) if game.over else [],
            "breakdown": list(s["breakdown"])}


def visible_log(game: Game, seat: int | None) -> list[str]:

    return [readable(line) for line in log_of(game, seat)]


def cities_json(view: dict) -> list[dict]:
    """The cities on the board (public): where (board label), whose, which pieces of whom, mood, wonders."""
    out = []
    for space, c in view.get("cities", {}).items():
        out.append({"at": readable(space), "owner": c["owner"], "mood": c.get("mood"),
                    "pieces": {k: o for k, o in c.get("pieces", {}).items()}, "wonders": list(c.get("wonders", []))})
    return sorted(out, key=lambda c: (c["owner"], c["at"]))


def seat_state(game: Game, seat: int | None, kinds: list[str] | None = None) -> dict:
    """All a seat (None: a spectator) may know now: the API's game document."""
    view = game.view(seat)
    d = game.pending
    who = names(game)
    out: dict[str, Any] = {
        "player": seat,
        "game": {"id": game.definition.game_id, "name": game_name(game)},
        "view": view,
        "pending": pending_json(d, game) if d is not None and d.player == seat else None,
        "log": visible_log(game, seat),
        "step": len(game.actions),
        "over": game.over,
        "ending": str(game.state.get("ending") or ""),
        "progress": progress_words(game.definition.game_id, view),
        # whose turn it is, not what they decide (a 7 Wonders "pay" would hint at a secret pick)
        "waiting_for": None if d is None else {"player": d.player, "name": who[d.player]},
        "seats": [{"player": i, "name": n, "kind": (kinds[i] if kinds else HUMAN)} for i, n in enumerate(who)],
        "score": score_json(game),
        "names": glossary(game, view),
        "cities": cities_json(view),
        "columns": seat_columns(game, seat),
        "setup": {"players": len(who), "packs": list(game.config.get("packs", ["base"])),
                  "variants": list(game.config.get("variants", []))},
    }
    if seat is not None:
        out["undo"] = undo_json(game, seat)
        out["hand"] = hand_cards(game, seat)
        out["panel"] = seat_notes(game, seat)
    return out


def game_name(game: Game) -> str:
    """The game's name for a page's title ("7 Wonders"), else its id."""
    return str((getattr(game.definition, "rules", None) or {}).get("name") or game.definition.game_id)


def board_svg(game: Game, seat: int | None) -> str:
    """The board and player panels as `seat` sees them (None: the public view)."""

    return render_game(game, seat)
