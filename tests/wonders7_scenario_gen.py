"""Write one scenario per 7 Wonders card and wonder stage of the base pack (tests/scenarios/wonders7/base/).

    python tests/wonders7_scenario_gen.py

Each scenario is a small position in age III built from the entry's own abilities: player 0 holds the
card (or builds the stage with a card from hand), its cost covered by its own production, and the
expectations follow from the abilities: points by category, shields (military tokens), science,
coins gained when built, a resource it produces or a discount it grants (a card it can then afford on
the next turn), a card built from the discard pile, a free build, the last card played, a copied guild.
The expected values are counted here from the position, independently of rules/wonders7/scoring/.
The generator names no card: it finds producers, fillers and consumers by their effects.
"""

from __future__ import annotations

import sys
from collections import Counter
from itertools import product
from pathlib import Path

from ruamel.yaml import YAML
from rulewright.dsl import ast as A
from rulewright.dsl.loader import load_content

OUT = Path(__file__).resolve().parent / "scenarios" / "wonders7" / "base"
TWO_TURN = {"produce", "produce_one_of", "produce_private", "discount", "free_build_per_age"}


def value(e):
    if isinstance(e, A.Num):
        return e.value
    if isinstance(e, A.Ref):
        return e.parts[0]
    if isinstance(e, A.ListExpr):
        return [value(i) for i in e.items]
    return None


def grants(effect) -> list[tuple[str, list]]:
    return [(ab.call.name, [value(a) for a in ab.call.args]) for ab in (effect.abilities if effect else [])
            if isinstance(ab, A.Grant)]


def triggers(effect) -> list[A.Trigger]:
    return [ab for ab in (effect.abilities if effect else []) if isinstance(ab, A.Trigger)]


def does(trigger: A.Trigger) -> str:
    stmts = list(trigger.body)
    while stmts and isinstance(stmts[0], A.Seq):
        stmts = list(stmts[0].items)
    return "do" if stmts and isinstance(stmts[0], A.Do) else "gain"


def science(counts: Counter, wilds: int) -> int:
    best = 0
    for extra in product(("compass", "gear", "tablet"), repeat=wilds):
        c = Counter({s: counts.get(s, 0) for s in ("compass", "gear", "tablet")})
        c.update(extra)
        best = max(best, sum(v * v for v in c.values()) + 7 * min(c.values()))
    return best


class Gen:
    def __init__(self) -> None:
        content = load_content(["base"], "wonders7")
        assert not content.errors, content.errors
        self.e = content.entries
        self.cards = [x for x in content.entries.values() if x.kind == "age_card"]
        self.boards = [x for x in content.entries.values() if x.kind == "wonder_board"]
        self.producer = {}
        for c in self.cards:
            g = grants(c.effect)
            if len(g) == 1 and g[0][0] == "produce" and len(g[0][1]) == 1 and not c.data["cost"]:
                self.producer.setdefault(g[0][1][0], c.id)
        self.consumer = {}
        for c in self.cards:
            cost = c.data["cost"]
            if len(cost) == 1 and list(cost.values()) == [1] and "coin" not in cost and not triggers(c.effect):
                self.consumer.setdefault(next(iter(cost)), c.id)
        self.filler = {}
        for c in self.cards:
            g = grants(c.effect)
            if c.data["colour"] == "red" and g != [("shields", [1])]:
                continue
            if c.data["colour"] == "purple" and not (g and g[0][0] == "points_per" and g[0][1][1] == "brown"):
                continue
            self.filler.setdefault(c.data["colour"], c.id)
        self.free_card = next(c.id for c in self.cards if not c.data["cost"] and not triggers(c.effect)
                              and not grants(c.effect)[0][0].startswith(("produce", "shields", "science")))

    def stage_effects(self, board, upto: int) -> list:
        return [board.parts.get(f"stages.{i}") for i in range(upto)]

    def home_board(self, avoid: set[str]):
        """A side-A board for card scenarios: its resource not in `avoid`, its first stage plain points."""
        for b in self.boards:
            first = self.stage_effects(b, 1)[0]
            if b.data["resource"] not in avoid and grants(first) and all(n == "points" for n, _ in grants(first)) \
                    and not triggers(first):
                return b
        raise LookupError(avoid)

    def others(self, mine, need: dict[str, str] | None = None) -> list[str]:
        """Two neighbours' boards (right = player 1, left = player 2) from other cities; `need` pins a resource."""
        picks: dict[str, str] = {}
        for side in sorted(("right", "left"), key=lambda s: s not in (need or {})):
            want = (need or {}).get(side)
            for b in self.boards:
                if b.data["side"] != "a" or b.name == mine.name or b.name in {self.e[x].name for x in picks.values()}:
                    continue
                if want and b.data["resource"] != want:
                    continue
                if not want and (need or {}).get("avoid") == b.data["resource"]:
                    continue
                picks[side] = b.id
                break
        return [picks["right"], picks["left"]]

    def scenario(self, entry, stage: int | None = None) -> dict:
        """The scenario of a card (stage None) or of a board's stage (1-based)."""
        effect = entry.parts.get(f"stages.{stage - 1}") if stage else entry.effect
        g, t = grants(effect), triggers(effect)
        names = {n for n, _ in g}
        cost = dict(entry.data["stages"][stage - 1]["cost"] if stage else entry.data["cost"])
        two = bool(names & TWO_TURN)
        produced: set[str] = set()
        for n, args in g:
            if n == "produce":
                produced.add(args[0])
            elif n in ("produce_one_of", "produce_private"):
                produced.update(args[0])
        consumer_res = None
        if names & {"produce", "produce_one_of", "produce_private"}:
            own = entry.data.get("resource") if stage else None
            consumer_res = next(r for r in sorted(produced) if r not in cost and r in self.consumer and r != own)
        need: dict[str, str] = {}
        if "discount" in names:
            direction, goods = next(args for n, args in g if n == "discount")
            raw = goods == "raw"
            consumer_res = next(r for r in sorted(self.consumer)
                                if (r in ("wood", "stone", "clay", "ore")) == raw and r not in cost)
            need[{"both": "left"}.get(direction, direction)] = consumer_res
        if stage:
            board = entry
        else:
            board = self.home_board({consumer_res} if consumer_res else set())
        if consumer_res and "discount" not in names:
            need["avoid"] = consumer_res
        if "free_build_per_age" in names:
            consumer_res = next(r for r in sorted(self.consumer) if r != board.data["resource"])
        built = [self.producer[r] for r, n in cost.items() if r != "coin" for _ in range(n - (r == board.data["resource"]))]
        stages_before = stage - 1 if stage else 1
        hand_card = self.free_card
        coins = int(cost.get("coin", 0)) + (1 if "discount" in names else 0)
        neighbours = self.others(board, need)
        counting = {args[1] for n, args in g if n == "points_per"} | {"brown", "grey", "yellow", "stage"}
        nbuilt = [self.filler[c] for c in ("brown", "grey", "blue", "green", "yellow", "red", "purple")
                  if c in counting or (c == "purple" and "copy_guild" in names)]
        if "shields" in names:
            nbuilt = [c for c in nbuilt if self.e[c].data["colour"] != "red"]
        tested = entry.id if not stage else None
        players = [{"board": board.id, "coins": coins, "built": built, "stages": stages_before},
                   {"board": neighbours[0], "coins": 0, "built": list(nbuilt), "military": [-1]},
                   {"board": neighbours[1], "coins": 0, "built": list(nbuilt), "military": [-1]}]
        extra = [self.free_card] if two else []
        players[0]["hand"] = [tested or hand_card, self.filler["blue"]] + extra
        players[1]["hand"] = [self.filler["green"], self.e[self.consumer[consumer_res]].id if consumer_res else
                              self.filler["blue"]] + extra
        players[2]["hand"] = [self.filler["green"], self.filler["blue"]] + extra
        discard = []
        actions = [f"stage:{hand_card}" if stage else f"build:{tested}", f"sell:{self.filler['green']}",
                   f"sell:{self.filler['green']}"]
        expect: list[dict] = []
        if t and any(does(x) == "do" for x in t):
            discard = [self.filler["purple"] if self.filler["purple"] not in built else self.filler["blue"]]
            actions.append(discard[0])
            expect.append({"path": "players.0.built", "contains": discard[0]})
        if stage and any(n == "play_last_card" for eff in self.stage_effects(entry, stage - 1) for n, _ in grants(eff)):
            actions.append(f"sell:{self.filler['blue']}")
        if two:
            consumer = self.consumer[consumer_res]
            key = "free" if "free_build_per_age" in names else "build"
            expect.append({"pending": "pick"})
            expect.append({"options_include": [f"{key}:{consumer}"]})
        else:
            expect += self.final(entry, stage, board, players, g, t, names)
        what = f"stage {stage} of {entry.name} ({entry.id})" if stage else f"{entry.name} ({entry.id})"
        return {"name": f"{what}: {entry.data['stages'][stage - 1].get('text', '') if stage else entry.text}".strip(),
                "game": "wonders7", "players": 3, "covers": [f"{entry.id}@{stage}" if stage else entry.id],
                "position": {"age": 3, "discard": discard, "players": players}, "actions": actions,
                "expect": expect}

    def final(self, entry, stage, board, players, g, t, names) -> list[dict]:
        """Expectations at the game's end (the position is the last turn of age III)."""
        sources = [grants(x) for x in self.stage_effects(board, stage if stage else players[0]["stages"])]
        sources += [grants(self.e[c].effect) for c in players[0]["built"]]
        if not stage:
            sources.append(g)
        flat = [x for s in sources for x in s]
        out: list[dict] = []
        shields0 = sum(a[0] for n, a in flat if n == "shields")
        nshields = sum(a[0] for c in players[1]["built"] for n, a in grants(self.e[c].effect) if n == "shields")
        defeats = {1: 1 + (shields0 > nshields), 2: 1 + (shields0 > nshields)}

        def count(countable: str, whose: str) -> int:
            who = {"me": [0], "neighbours": [1, 2], "all": [0, 1, 2]}[whose]
            total = 0
            for q in who:
                built = players[q]["built"] + ([entry.id] if q == 0 and not stage else [])
                if countable == "stage":
                    total += stage if (q == 0 and stage) else players[q].get("stages", 0)
                elif countable == "defeat":
                    total += defeats.get(q, 0)
                else:
                    total += sum(1 for c in built if self.e[c].data["colour"] == countable)
            return total

        cats: Counter = Counter()
        for n, a in flat:
            if n == "points":
                cats[a[0]] += a[1]
            elif n == "points_per":
                cats[a[0]] += a[3] * count(a[1], a[2])
        for n, a in g:
            if n in ("points", "points_per"):
                out.append({"path": f"scores.breakdown.0.{a[0]}", "equals": cats[a[0]]})
        if "shields" in names:
            out.append({"path": "scores.breakdown.0.military", "equals": 10 if shields0 > nshields else 0})
        if names & {"science", "science_wild"}:
            sym = Counter(a[0] for n, a in flat if n == "science")
            wild = sum(1 for n, _ in flat if n == "science_wild")
            out.append({"path": "scores.breakdown.0.science", "equals": science(sym, wild)})
        if any(does(x) == "gain" for x in t):
            out.append({"path": "players.0.coins", "at_least": 1})
        if "play_last_card" in names:
            out = [{"pending": "pick"}]
        if "copy_guild" in names:
            out.append({"path": "scores.breakdown.0.guild", "at_least": 1})
        return out or [{"over": True}]


def main() -> int:
    gen = Gen()
    OUT.mkdir(parents=True, exist_ok=True)
    yaml = YAML()
    yaml.width = 120
    yaml.default_flow_style = None
    written = 0
    for c in gen.cards:
        with open(OUT / f"card_{c.id}.yaml", "w", encoding="utf-8") as f:
            yaml.dump(gen.scenario(c), f)
        written += 1
    for b in gen.boards:
        for k in range(1, len(b.data["stages"]) + 1):
            with open(OUT / f"stage_{b.id}_{k}.yaml", "w", encoding="utf-8") as f:
                yaml.dump(gen.scenario(b, k), f)
            written += 1
    print(f"wrote {written} scenarios to {OUT}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
