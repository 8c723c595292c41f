"""The language's reach (issue 44, docs/cookbook.md "What the language reaches"): the demonstration packs
examples/reach/clash and examples/reach/wonders7 lint clean, read back in English, pass their scenarios, and
every entry's removal fails one of them (mutation over the pack's own entries)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from rulewright.dsl.explain import explain_effect
from rulewright.dsl.loader import load_content
from rulewright.dsl.yamlsafe import safe_load
from rulewright.tools.modding.mutation import mutation_report
from rulewright.tools.modding.scenarios import find_scenarios, load_scenario, run_scenario
from where import ROOT

REACH = ROOT / "examples" / "reach"
PACKS = [REACH / "clash", REACH / "wonders7"]
SCENARIOS = [f for pack in PACKS for f in find_scenarios([pack])]

# Each general construct of issue 44 this pack shows, and how a card's effect says it: the Clash pack must
# use every one (chance, other players and values are added beside these as their cards land).
CLASH_CONSTRUCTS = {
    "opponent's combat value": r"modify opponent_combat_value\b",
    "opponent's dice": r"modify opponent_combat_dice\b",
    "opponent's hits": r"modify opponent_combat_hits\b",
    "end of each combat round": r"\bon (any )?combat_round_end\b",
    "ending a battle": r"\bdo end_battle\(\)",
    "a tie": r"\bon (any )?battle_tied\b",
    "how a battle ended": r"\boutcome (=|in)\b",
    "ignoring a revealed card": r"\bon any combat_card_revealed\b[^\n]*:\s*cancel\b",
    "the terrain of a space": r"\bterrain_at\(",
    "the terrain of its neighbours": r"\bneighbours\([^)]*, *[a-z]+\)",
    "adjacent to a terrain": r"\badjacent_to\(",
    "regions of a player's units": r"\bregions_with_units\(",
    "the region of a space": r"\bregion_of\(",
    "any space as a choice": r"\bdo choose_space\([^)]*\)[\s\S]*\bchosen_space\b",
    "the city on a chosen space": r"\bdo choose_space\([^)]*\)[\s\S]*\bchosen\b",
    "where units came from this turn": r"\bcame_from\(",
    "losing an advance": r"\bdo lose_advance\(",
    "an advance lost, heard": r"\bon (any )?advance_lost\b",
    "changing government": r"\bdo change_government\(",
    "a cost of the form A or B": r"\bcosts [^:\n]* or [^:\n]*:",
    "an open discount": r"\bmodify open_discount\(",
    "a per-player counter declared as data": r"\b(gain|pay|lose) \d+ game_events\b|\bcosts \d+ game_events\b",
    "reading a counter": r"\bheld\(game_events\)",
    "a city given to a build procedure": r"\bdo (build|buy)_units\([^)]*,[^)]*,[^)]*\)",
    "a city given to a buy procedure": r"\bdo (build|buy)_piece\([^)]*,[^)]*\)",
    # chance, other players, values (tests/tools/modding/test_reach_constructs.py: each one's removal is killed)
    "a die roll": r"\broll \d+ dic?e as \w+",
    "a random pick": r"\bpick at random from\b",
    "choosing a player": r"\bchoose (a|another) player as \w+",
    "an effect another player runs": r"(?m)^\s*for \w+:",
    "blocks inside choose": r"(?m)^\s*option( when [^\n]*)?:\s*$",
    "moving between players": r"\b(give \d+ \w+ to|take \d+ \w+ from)\b",
    "swapping cards": r"\bswap \d+ \w+ with\b",
    "looking at a player's cards": r"\blook at \w+ of \w+",
    "a card in play serving its holder": r"\bholder\b",
    "local names": r"\blet \w+ =",
    "a procedure's result": r"\bdo \w+\([^)]*\) as \w+",
}
# the simultaneous triggers of one owner in the order he chooses: a scenario answers the decision
ORDERED = "trigger_order"


def _manifest(pack: Path) -> dict:
    return safe_load((pack / "pack.yaml").read_text(encoding="utf-8"))


def _content(pack: Path):
    """The pack loaded beside its game's base pack, and its own entries."""
    m = _manifest(pack)
    content = load_content(["base", str(pack)], game=m["game"])
    return content, [e for e in content.entries.values() if e.pack == m["id"]]


@pytest.mark.parametrize("pack", PACKS, ids=[p.name for p in PACKS])
def test_the_pack_lints_clean_and_reads_back_in_english(pack):
    content, mine = _content(pack)
    assert [d for d in content.errors if d.severity == "error"] == []
    assert not [d for d in content.diagnostics if Path(d.file).is_relative_to(pack)]  # no warning either
    for e in mine:
        english = " ".join(explain_effect(e.effect, content.vocab.phrases)) if e.effect else ""
        combat = getattr(e, "combat_effect", None)
        if combat is not None:
            english += " " + " ".join(explain_effect(combat, content.vocab.phrases))
        assert english.strip() and "?" not in english, (e.id, english)


@pytest.mark.parametrize("path", SCENARIOS, ids=[str(f.relative_to(REACH)) for f in SCENARIOS])
def test_scenario(path):
    result = run_scenario(load_scenario(path), path=str(path))
    assert result.passed, "\n".join(result.messages)


def test_the_clash_pack_shows_every_construct():
    _, mine = _content(REACH / "clash")
    assert len(mine) >= 12  # issue 44: at least 12 new cards that together use every construct
    texts = {e.id: f"{e.data.get('effect') or ''}\n{(e.data.get('combat') or {}).get('effect') or ''}" for e in mine}
    for construct, said in CLASH_CONSTRUCTS.items():
        assert any(re.search(said, t) for t in texts.values()), f"no card of the pack shows {construct}"


def test_a_scenario_orders_simultaneous_triggers():
    said = [load_scenario(f) for f in find_scenarios([REACH / "clash"])]
    assert any(ORDERED in str(s.get("actions")) for s in said)


@pytest.mark.parametrize("pack", PACKS, ids=[p.name for p in PACKS])
def test_removing_any_entry_of_the_pack_fails_a_scenario(pack):
    """`rulewright test PACK --mutation` on the pack's own entries (a pack with no entries yet: nothing to do)."""
    _, mine = _content(pack)
    if not mine:
        assert not find_scenarios([pack]), "scenarios for a pack without entries"
        return
    m = _manifest(pack)
    report = mutation_report([pack / "tests"], game=m["game"], packs=("base", str(pack)), of_pack=m["id"])
    assert report["uncovered"] == [], f"entries without a scenario: {report['uncovered']}"
    assert report["survived"] == [], f"entries removable without a failing scenario: {report['survived']}"
    assert sorted(report["killed"]) == sorted(e.id for e in mine if e.effect is not None
                                              or getattr(e, "combat_effect", None) is not None)


# Civilization: the combat constructs where they make sense there (a modifier of the opponent's combat bonus,
# a tie), in a test pack whose scenarios are tests/scenarios/civ_board/reach/
CIV_PACK = ROOT / "tests" / "packs" / "civ_reach"
CIV_SCENARIOS = ROOT / "tests" / "scenarios" / "civ_board" / "reach"


def test_the_civilization_reach_pack_needs_each_of_its_entries():
    report = mutation_report([CIV_SCENARIOS], game="civ_board", packs=("base", str(CIV_PACK)), of_pack="civ_reach")
    assert report["uncovered"] == [] and report["survived"] == []
    assert sorted(report["killed"]) == ["drill_masters", "field_jamming", "stalwart_defence"]
