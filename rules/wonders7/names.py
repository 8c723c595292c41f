"""The names every layer of 7 Wonders shares: where the rules data lives, the content kinds, the card
colours in the order a city shows them, the ages' numerals and the source id of a built wonder stage."""

from __future__ import annotations

from pathlib import Path

RULES_DIR = Path(__file__).resolve().parent  # game.yaml, variants/, scenario.schema.json, value_fit.json
GAME_ID = "wonders7"
CARD_KIND, BOARD_KIND = "age_card", "wonder_board"
COLOURS = ("brown", "grey", "blue", "green", "red", "yellow", "purple")
ROMAN = {1: "I", 2: "II", 3: "III"}


def stage_source(board: str, n: int) -> str:
    """The source id of a board's n-th stage (1-based), in force once that stage is built."""
    return f"{board}@{n}"
