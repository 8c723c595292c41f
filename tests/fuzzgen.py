"""Generators of hostile input for tests/tools/cli/test_cli_fuzz.py: packs, saves, scenarios and service payloads.

Each generator takes a seeded random.Random and returns text or files, so a failing case is
reproduced from its seed. They cover the classes of the hardening issue: YAML structure, wrong
types, huge and negative numbers, odd Unicode and markup, cycles, aliases, rules overlays, variants.
"""

from __future__ import annotations

import json
import random
from typing import Any

MANIFEST = "id: fuzz\nname: Fuzz\nversion: 1.0.0\ngame: clash\ndepends: {depends}\n{extra}"

ADVANCE = """\
kind: advance
entries:
  - id: {id}
    name: {name}
    category: {category}
    requires: {requires}
    border: culture
    text: {text}
    source: authored
    effect: |
      {effect}
"""

CATEGORY = """\
kind: category
entries:
  - id: education
    name: Education
    government: false
    advances: [fuzz_card]
    order: 1
    text: EDUCATION
    source: authored
"""
NAMES = ["Printing [/i]", "[/oops]", "[bold]x[/]", '"Gh\\ud800st"', '"\\u202eevil"', '"nul\\0byte"', "''", "Ok",
         '"\\U0001F600 smile"', "{a: 1}", "[1, 2]", "-", "~", "!!binary aGVsbG8=", "&a x", "*a"]
NUMBERS = [0, -1, 3, 99, 100, 10 ** 9, 10 ** 30, -10 ** 9, "1e999", "0x10", "nan", ".inf", "1_000"]
EFFECTS = [
    "on advance_gained when advance = self: gain 1 idea",
    'action "Loop" free: repeat {n} times: gain 1 food',
    'action "Draw" free: draw {n} event_card',
    'action "Wonder" free: draw 1 wonder_card',
    'action "More" free: gain {n} actions',
    'action "Buy" costs {n} food: gain 1 idea',
    "modify combat_dice: += {n}",
    "modify advance_cost(food): = {n}",
    'action "Pow" free: gain 99*99*99*99*99*99*99*99 food',
    "on advance_gained: do free_advance()",
    "on event_mood_loss: do lower_mood(1)",
    "grant collect(fertile, food)",
    "on city_collected when city has tempel: gain 1 idea",
    "gain",
    "(((((((((((((((((((((((((((((",
    "action \"x\" free:\n" + "  " * 60 + "gain 1 food",
]
OVERLAYS = [
    "rules:\n  flow: 5\n", "rules:\n  params:\n    starting_units: [dragon]\n", "rules:\n  params:\n    rounds: {n}\n",
    "rules:\n  params:\n    advance_cost: {{food: {n}}}\n", "rules:\n  status_phase: [{{do: nope}}]\n",
    "rules: [1, 2]\n", "rules:\n  params: null\n", "rules:\n  params:\n    starting_city_mood: [happy]\n",
    "rules:\n  actions: []\n", "rules:\n  params:\n    scale_max: {n}\n",
]
VARIANTS = ["name: V\nparams: {{rounds: {n}}}\n", "name: V\nparams: {{rounds: [\n", "- a\n- b\n", "name: 5\n",
            "name: V\nflow: {n}\n", "name: V\nparams: {{starting_units: [dragon, {n}]}}\n", "\0\0\0", ""]


def _num(rng: random.Random) -> Any:
    return rng.choice(NUMBERS)


def yaml_noise(rng: random.Random, depth: int = 0) -> str:
    """Random YAML-ish text: nested flow collections, anchors and aliases, tabs, odd scalars."""
    atoms = ["a", "1", "-1", "~", "[", "]", "{", "}", ":", "&x", "*x", "!!str", "'", '"', "\t", "- ", "? ",
             "|", ">", "#", "\\ud800", "%YAML 1.2", "---", "...", "<<: *x", "\n  ", "\n- "]
    return "".join(rng.choice(atoms) for _ in range(rng.randint(1, 40)))


def alias_bomb(rng: random.Random) -> str:
    width, levels = rng.randint(5, 12), rng.randint(5, 12)
    lines = ["a0: &a0 [" + ",".join(['"lol"'] * width) + "]"]
    lines += [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * width) + "]" for i in range(1, levels)]
    return "\n".join(lines + ["kind: advance", f"entries: *a{levels - 1}"]) + "\n"


def hostile_pack(rng: random.Random) -> dict[str, str]:
    """Files of one pack folder (relative path -> text)."""
    kind = rng.choice(["structure", "types", "numbers", "unicode", "cycles", "aliases", "overlay", "variant",
                       "effect", "effect", "effect"])
    depends = rng.choice(["[]", "[]", "[]", "[base]" if rng.random() < 0.15 else "[]", "[fuzz]", "5", "[nope]"])
    n = _num(rng)
    files: dict[str, str] = {}
    extra = ""
    fields = {"id": "fuzz_card", "name": "Fuzz", "category": "education", "requires": "[]",
              "text": "x", "effect": rng.choice(EFFECTS).format(n=n)}
    if kind == "structure":
        files["advances.yaml"] = yaml_noise(rng)
    elif kind == "types":
        key = rng.choice(list(fields))
        fields[key] = rng.choice(["[1, 2]", "{a: b}", "5", "null", "true", "-3", "''", "[[[[]]]]"])
    elif kind == "numbers":
        files["events.yaml"] = (f"kind: event_card\nentries:\n  - id: many\n    name: Many\n    copies: {n}\n"
                                "    text: x\n    source: authored\n")
    elif kind == "unicode":
        fields[rng.choice(["name", "text"])] = rng.choice(NAMES)
    elif kind == "cycles":
        fields["requires"] = rng.choice(["[fuzz_card]", "[other]", "[fuzz_card, fuzz_card]"])
        files["more.yaml"] = ADVANCE.format(id="other", name="Other", category="education", requires="[fuzz_card]",
                                            text="x", effect="on advance_gained: do free_advance()")
    elif kind == "aliases":
        files["advances.yaml"] = alias_bomb(rng)
    elif kind == "overlay":
        extra = rng.choice(OVERLAYS).format(n=n)
    elif kind == "variant":
        files[f"variants/v{rng.randint(0, 3)}.yaml"] = rng.choice(VARIANTS).format(n=n)
    files.setdefault("advances.yaml", ADVANCE.format(**fields))
    if depends == "[]":  # no base: bring the category, so that some packs lint clean
        files["categories.yaml"] = CATEGORY
    files["pack.yaml"] = MANIFEST.format(depends=depends, extra=extra)
    return files


# ---- JSON: saves, service blobs, actions ----------------------------------------------------------

def _atom(rng: random.Random) -> Any:
    return rng.choice([None, True, -1, 0, 9, 10 ** 18, -10 ** 18, 1.5, "", "[/oops]", "x" * 1000, [], {},
                       [[[[[]]]]], {"format": 1}, "\ud800", 2 ** 64])


def mutate_json(rng: random.Random, value: Any, edits: int = 3) -> Any:
    """A copy of `value` with a few random edits: replace, delete, insert, wrap, nest."""
    data = json.loads(json.dumps(value))
    for _ in range(edits):
        path: list[tuple[Any, Any]] = []
        cur = data
        while isinstance(cur, dict | list) and cur and rng.random() < 0.7:
            key = rng.choice(list(cur)) if isinstance(cur, dict) else rng.randrange(len(cur))
            path.append((cur, key))
            cur = cur[key]
        if not path:
            data = rng.choice([_atom(rng), [data], {"x": data}])
            continue
        holder, key = path[-1]
        op = rng.random()
        if op < 0.5:
            holder[key] = _atom(rng)
        elif op < 0.7:
            del holder[key]
        elif op < 0.85:
            holder[key] = [holder[key]]
        elif isinstance(holder, dict):
            holder[str(_atom(rng))[:20]] = _atom(rng)
        else:
            holder.insert(key, _atom(rng))
    return data


def json_text(rng: random.Random, value: Any) -> str:
    """Mutated JSON text (one to three edits, or none), sometimes broken at the text level."""
    edits = rng.choice([0, 1, 1, 2, 3])
    text = json.dumps(mutate_json(rng, value, edits), ensure_ascii=rng.random() < 0.5)
    roll = rng.random()
    if roll < 0.08:
        return text[: rng.randrange(max(1, len(text)))]
    if roll < 0.12:
        return "[" * rng.randint(1000, 50_000)
    if roll < 0.15:
        return "\xff\xfe" + text
    return text


def scenario_text(rng: random.Random, base: str) -> str:
    """A scenario file with one line broken, or its data mutated and written back as JSON (valid YAML)."""
    roll = rng.random()
    if roll < 0.3:
        lines = base.splitlines()
        i = rng.randrange(len(lines))
        lines[i] = rng.choice([yaml_noise(rng), lines[i] + " [/oops]", "", "name: [/i]", "players: 9",
                               "actions: " + "[" * 500])
        return "\n".join(lines) + "\n"
    if roll < 0.4:
        return alias_bomb(rng)
    from ruamel.yaml import YAML

    data = YAML(typ="safe").load(base)
    return json.dumps(mutate_json(rng, data))
