"""Facts of the 7 Wonders content pack that hold whatever the rules engine does.

The deck sizes are fixed by the rulebook: every player gets 7 cards per age, so an age deck for n players
holds 7n cards, and age III mixes n + 2 random guilds into its non-guild cards. These tests read the YAML
directly (ruamel, no rules or engine code), so a miscounted `players` list or a chain to a card that does
not exist fails here first, before any game is played.
"""

from __future__ import annotations

import re

import pytest
from ruamel.yaml import YAML
from rulewright.dsl.parser import parse_effect
from where import ROOT

PACK = ROOT / "content" / "wonders7" / "base"
AGE_FILES = {1: "age1.yaml", 2: "age2.yaml", 3: "age3.yaml"}
RAW = {"wood", "stone", "clay", "ore"}
MANUFACTURED = {"glass", "loom", "papyrus"}
COST_KEYS = RAW | MANUFACTURED | {"coin"}
COLOURS = {"brown", "grey", "blue", "green", "red", "yellow", "purple"}
PLAYER_COUNTS = range(3, 8)
BOARDS = {"rhodes", "alexandria", "ephesus", "babylon", "olympia", "halicarnassus", "gizah"}


def _load(name: str) -> dict:
    """One YAML file of the pack, as plain data."""
    return YAML(typ="safe").load((PACK / name).read_text(encoding="utf-8"))


def _entries(name: str) -> list[dict]:
    return _load(name)["entries"]


def _copies(card: dict, players: int) -> int:
    """How many copies of `card` a deck for `players` players holds."""
    return sum(1 for p in card["players"] if p <= players)


AGES = {age: _entries(name) for age, name in AGE_FILES.items()}
GUILDS = _entries("guilds.yaml")
ALL_CARDS = [c for cards in AGES.values() for c in cards] + GUILDS
BY_ID = {c["id"]: c for c in ALL_CARDS}


def test_files_declare_their_kind_and_schema() -> None:
    for name in [*AGE_FILES.values(), "guilds.yaml"]:
        text = (PACK / name).read_text(encoding="utf-8")
        assert text.startswith("# yaml-language-server: $schema=../../schema/age_card.schema.json"), name
        assert _load(name)["kind"] == "age_card", name
    assert (PACK / "wonders.yaml").read_text(encoding="utf-8").startswith(
        "# yaml-language-server: $schema=../../schema/wonder_board.schema.json")
    assert _load("wonders.yaml")["kind"] == "wonder_board"
    assert _load("pack.yaml")["game"] == "wonders7"


@pytest.mark.parametrize("age", [1, 2])
@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_age_one_and_two_deal_seven_cards_per_player(age: int, players: int) -> None:
    assert sum(_copies(c, players) for c in AGES[age]) == 7 * players


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_age_three_plus_guilds_deal_seven_cards_per_player(players: int) -> None:
    non_guild = sum(_copies(c, players) for c in AGES[3])
    assert non_guild == 7 * players - (players + 2)  # 16, 22, 28, 34, 40
    assert non_guild + players + 2 == 7 * players


def test_total_card_count_is_148() -> None:
    assert [sum(_copies(c, 7) for c in AGES[a]) for a in (1, 2, 3)] == [49, 49, 40]
    assert len(GUILDS) == 10
    assert sum(_copies(c, 7) for c in ALL_CARDS) + len(GUILDS) == 148


def test_entries_are_well_formed() -> None:
    ids = [c["id"] for c in ALL_CARDS]
    assert len(ids) == len(set(ids)), "card ids must be unique across the pack"
    for age, cards in AGES.items():
        for c in cards:
            assert c["age"] == age, c["id"]
            assert c["colour"] in COLOURS - {"purple"}, c["id"]
            assert c["players"] == sorted(c["players"]) and c["players"], c["id"]
            assert set(c["players"]) <= set(PLAYER_COUNTS), c["id"]
            assert c["players"][0] in (3, 4, 5, 6), c["id"]
    for g in GUILDS:
        assert (g["age"], g["colour"], g["players"], g["chain_from"]) == (3, "purple", [], []), g["id"]
    for c in ALL_CARDS:
        assert re.fullmatch(r"[a-z][a-z0-9_]*", c["id"]), c["id"]
        assert c["text"].strip() and c["source"].strip(), c["id"]


def test_same_name_means_same_structure_in_another_age() -> None:
    seen: dict[str, dict] = {}
    for c in ALL_CARDS:
        other = seen.setdefault(c["name"], c)
        if other is not c:
            assert other["age"] != c["age"], c["name"]
            assert c["id"] == f"{other['id']}_{c['age']}", c["id"]
            assert (other["colour"], other["effect"]) == (c["colour"], c["effect"]), c["id"]
    assert {n for n in seen if sum(1 for c in ALL_CARDS if c["name"] == n) > 1} == {
        "Loom", "Glassworks", "Press"}


def test_chains_name_a_card_of_an_earlier_age() -> None:
    chained = 0
    for c in ALL_CARDS:
        for src in c["chain_from"]:
            assert src in BY_ID, f"{c['id']} chains from unknown card {src}"
            assert BY_ID[src]["age"] < c["age"], f"{c['id']} chains from {src} of a later age"
            chained += 1
    assert chained == 12 + 14  # age II: 12 links (Forum has two), age III: 14


def _costs():
    for c in ALL_CARDS:
        yield c["id"], c["cost"]
    for board in _entries("wonders.yaml"):
        for i, stage in enumerate(board["stages"], 1):
            yield f"{board['id']} stage {i}", stage["cost"]


@pytest.mark.parametrize(("where", "cost"), list(_costs()))
def test_costs_use_known_resources(where: str, cost: dict) -> None:
    assert set(cost) <= COST_KEYS, where
    assert all(isinstance(n, int) and n > 0 for n in cost.values()), where


def test_only_early_brown_cards_and_no_stage_cost_coins() -> None:
    """Coins appear only on the two-resource and double brown cards (1 coin each), never on stages."""
    for c in ALL_CARDS:
        if "coin" in c["cost"]:
            assert (c["colour"], c["cost"]) == ("brown", {"coin": 1}), c["id"]
    for where, cost in _costs():
        if "stage" in where:
            assert "coin" not in cost, where


def test_colour_matches_the_effect_form() -> None:
    for c in ALL_CARDS:
        eff = c["effect"]
        if c["colour"] == "brown":
            assert eff.startswith(("grant produce(", "grant produce_one_of(")), c["id"]
            assert all(r in RAW for r in re.findall(r"\b[a-z]+\b", eff) if r in COST_KEYS), c["id"]
        elif c["colour"] == "grey":
            assert re.fullmatch(r"grant produce\((glass|loom|papyrus)\)\n", eff), c["id"]
        elif c["colour"] == "red":
            assert eff == f"grant shields({c['age']})\n", c["id"]
        elif c["colour"] == "blue":
            assert re.fullmatch(r"grant points\(civilian, \d\)\n", eff), c["id"]
        elif c["colour"] == "green":
            assert re.fullmatch(r"grant science\((compass|gear|tablet)\)\n", eff), c["id"]
        elif c["colour"] == "purple":
            assert "guild" in eff or eff == "grant science_wild\n", c["id"]


@pytest.mark.parametrize("players", PLAYER_COUNTS)
def test_each_science_symbol_is_in_every_age_deck(players: int) -> None:
    for age, cards in AGES.items():
        symbols = {re.search(r"science\((\w+)\)", c["effect"]).group(1)
                   for c in cards if c["colour"] == "green" and _copies(c, players)}
        assert symbols == {"compass", "gear", "tablet"}, (age, players)


def test_wonder_boards_have_both_sides() -> None:
    boards = _entries("wonders.yaml")
    assert len(boards) == 14
    assert {b["id"] for b in boards} == {f"{w}_{s}" for w in BOARDS for s in "ab"}
    resources = {}
    for b in boards:
        wid, side = b["id"].rsplit("_", 1)
        assert b["side"] == side
        assert b["resource"] in RAW | MANUFACTURED, b["id"]
        assert resources.setdefault(wid, (b["name"], b["resource"])) == (b["name"], b["resource"]), b["id"]
        assert 2 <= len(b["stages"]) <= 4, b["id"]
        if side == "a":
            assert len(b["stages"]) == 3, b["id"]
        for i, stage in enumerate(b["stages"], 1):
            assert stage["text"].strip() and stage["effect"].strip(), (b["id"], i)
            for n in re.findall(r"stage = (\d+)", stage["effect"]):
                assert int(n) == i, f"{b['id']} stage {i} fires on stage {n}"
    # One board per starting resource of the seven raw and manufactured goods.
    assert sorted(r for _, r in resources.values()) == sorted(RAW | MANUFACTURED)


def test_a_sides_score_three_then_seven() -> None:
    for b in _entries("wonders.yaml"):
        if b["side"] == "a":
            assert b["stages"][0]["effect"] == "grant points(wonder, 3)\n", b["id"]
            assert b["stages"][2]["effect"] == "grant points(wonder, 7)\n", b["id"]


def test_every_effect_parses_in_the_card_language() -> None:
    texts = [(c["id"], c["effect"]) for c in ALL_CARDS]
    texts += [(f"{b['id']}/{i}", s["effect"]) for b in _entries("wonders.yaml")
              for i, s in enumerate(b["stages"], 1)]
    assert len(texts) == 120
    for where, text in texts:
        ast, diags = parse_effect(text, where)
        assert ast is not None and not diags, (where, diags)
