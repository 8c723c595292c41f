"""Facts of the Civilization: The Board Game base pack that hold whatever the rules engine does.

The counts are those content/civ_board/SOURCES.md derives from the public component lists (36 techs per
deck plus Space Flight, 12 wonders, 49 building markers, 53 unit cards, 20 huts, 10 villages, 18 great
people, 20 map tiles ...). These tests read the YAML directly, so a miscounted copy or a reference to an
entry that does not exist fails here before any game is played.
"""

from __future__ import annotations

from collections import Counter

import pytest
from ruamel.yaml import YAML
from rulewright.dsl.parser import parse_effect
from where import ROOT

PACK = ROOT / "content" / "civ_board" / "base"
FILES = {"techs.yaml": "civ_tech", "governments.yaml": "civ_government", "buildings.yaml": "civ_building",
         "wonders.yaml": "civ_wonder", "civilizations.yaml": "civ_civilization",
         "culture_cards.yaml": "civ_culture_card", "great_people.yaml": "civ_great_person",
         "huts.yaml": "civ_hut", "villages.yaml": "civ_village", "units.yaml": "civ_unit_card",
         "map_tiles.yaml": "civ_map_tile", "layouts.yaml": "civ_layout", "culture_track.yaml": "civ_culture_track"}


def _entries(name: str) -> list[dict]:
    return YAML(typ="safe").load((PACK / name).read_text(encoding="utf-8"))["entries"]


E = {name: _entries(name) for name in FILES}
IDS = {name: {e["id"] for e in entries} for name, entries in E.items()}


def _copies(name: str) -> int:
    return sum(e.get("copies", 1) for e in E[name])


@pytest.mark.parametrize("name", sorted(FILES))
def test_file_kind_schema_and_sources(name: str) -> None:
    text = (PACK / name).read_text(encoding="utf-8")
    kind = FILES[name]
    assert text.startswith(f"# yaml-language-server: $schema=../../schema/{kind}.schema.json")
    assert YAML(typ="safe").load(text)["kind"] == kind
    for e in E[name]:
        assert e["source"].strip(), e["id"]


def test_ids_are_unique_across_kinds() -> None:
    seen = Counter(i for ids in IDS.values() for i in ids)
    assert [i for i, n in seen.items() if n > 1] == []


def test_every_effect_parses() -> None:
    for entries in E.values():
        for e in entries:
            if e.get("effect"):
                parse_effect(e["effect"])


def test_tech_pyramid_is_36_per_deck_plus_space_flight() -> None:
    levels = Counter(t["level"] for t in E["techs.yaml"])
    assert levels == {1: 10, 2: 10, 3: 9, 4: 7, 5: 1}
    assert [t["id"] for t in E["techs.yaml"] if t["level"] == 5] == ["space_flight"]


def test_techs_unlock_existing_buildings_and_governments() -> None:
    for t in E["techs.yaml"]:
        for word, target in (("unlock_building(", "buildings.yaml"), ("unlock_government(", "governments.yaml")):
            for part in (t.get("effect") or "").split(word)[1:]:
                assert part.split(")")[0] in IDS[target], (t["id"], part)


def test_six_civilisations_with_their_start() -> None:
    civs = {c["id"]: c for c in E["civilizations.yaml"]}
    assert set(civs) == {"america", "china", "egypt", "germany", "rome", "russia"}
    assert {i: c["start_tech"] for i, c in civs.items()} == {
        "america": "currency", "china": "writing", "egypt": "construction", "germany": "metalworking",
        "rome": "code_of_laws", "russia": "communism"}
    for c in civs.values():
        assert c["start_tech"] in IDS["techs.yaml"] and c["home_tile"] in IDS["map_tiles.yaml"]
        assert c.get("start_government", "despotism") in IDS["governments.yaml"]
    assert civs["germany"]["setup"]["extra_units"] == {"infantry": 2}
    assert civs["china"]["setup"]["walled_capital"] is True


def test_eight_governments_one_anarchy() -> None:
    assert len(E["governments.yaml"]) == 8
    assert [g["id"] for g in E["governments.yaml"] if g.get("anarchy")] == ["anarchy"]


def test_twelve_wonders_four_per_era_with_real_discount_techs() -> None:
    assert Counter(w["era"] for w in E["wonders.yaml"]) == {"ancient": 4, "medieval": 4, "modern": 4}
    for w in E["wonders.yaml"]:
        if "discount" in w:
            assert w["discount"]["tech"] in IDS["techs.yaml"] and w["discount"]["cost"] < w["cost"]


def test_buildings_have_49_markers_and_upgrades_point_to_basic_forms() -> None:
    b = {x["id"]: x for x in E["buildings.yaml"]}
    assert sum(x.get("supply", 0) for x in b.values()) == 49
    for x in b.values():
        if x.get("upgrade_of"):
            basic = b[x["upgrade_of"]]
            assert basic.get("upgrade_of") is None and basic["supply"] > 0 and x["cost"] > basic["cost"]


def test_unit_cards_and_markers_counts() -> None:
    units = Counter()
    for u in E["units.yaml"]:
        units[u["type"]] += u["copies"]
        assert len(u["strength"]) == (1 if u["type"] == "aircraft" else 4)
    assert units == {"infantry": 15, "artillery": 15, "mounted": 15, "aircraft": 8}
    assert _copies("huts.yaml") == 20 and _copies("villages.yaml") == 10
    gp = Counter()
    for p in E["great_people.yaml"]:
        gp[p["type"]] += p["copies"]
    assert sum(gp.values()) == 18 and set(gp.values()) == {3} and len(gp) == 6


def test_culture_cards_and_track() -> None:
    levels = Counter()
    for c in E["culture_cards.yaml"]:
        levels[c["level"]] += c["copies"]
    assert levels == {1: 25, 2: 21, 3: 13}
    spaces = E["culture_track.yaml"][0]["spaces"]
    assert len(spaces) == 21 and spaces[-1]["reward"] == "victory"
    assert [i + 1 for i, s in enumerate(spaces) if s["reward"] == "great_person"] == [3, 7, 12, 18]


def test_twenty_map_tiles_and_layouts() -> None:
    tiles = E["map_tiles.yaml"]
    homes = [t for t in tiles if t.get("home")]
    assert len(homes) == 6 and len(tiles) == 20
    assert {t["home"] for t in homes} == {c["id"] for c in E["civilizations.yaml"]}
    for t in tiles:
        assert len(t["squares"]) == 4 and all(len(row) == 4 for row in t["squares"])
    for lay in E["layouts.yaml"]:
        cells = [c for row in lay["grid"] for c in row]
        assert sum(c.startswith("H") for c in cells) == lay["players"]
        assert sum(c == "N" for c in cells) <= 14
