"""A game's vocabulary: the names the card language may use, with their types.

The game folder (rules/<game>/vocabulary.yaml) declares enums, hooks, quantities, grants, forbids,
functions and primitives; loaded content adds its ids as constants (advance, wonder, ...). The
checker and the compiler both read this one object, so a name is known in exactly one place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ruamel.yaml import YAML

NONE = "none"  # the language's word for no value, of its own type that stands wherever a value is wanted
DOC_KEY = "doc"  # an entry's one-line description, not part of its signature
FIELDS_KEY = "fields"  # a hook's own meanings of its payload fields, not part of its payload
EXAMPLE_KEY = "example"  # an effect line that uses the word, for the reference when no bundled entry does
WORD_SECTIONS = ("hooks", "quantities", "grants", "forbids", "functions", "primitives")


@dataclass
class Signature:
    args: list[str] = field(default_factory=list)
    min_args: int | None = None
    returns: str = "any"
    context: dict[str, str] = field(default_factory=dict)
    arg: str | None = None  # quantities: the optional argument's type
    emits: list[str] = field(default_factory=list)  # primitives: hooks they may emit (self-loop warning)

    @property
    def required(self) -> int:
        return len(self.args) if self.min_args is None else self.min_args


@dataclass
class Vocabulary:
    enums: dict[str, list[str]] = field(default_factory=dict)
    content_types: dict[str, str] = field(default_factory=dict)
    globals: dict[str, str] = field(default_factory=dict)
    gainable: list[str] = field(default_factory=list)
    payable: list[str] = field(default_factory=list)
    losable: list[str] = field(default_factory=list)
    decks: list[str] = field(default_factory=list)
    # what `give ... to P` and `take ... from P` move between players (resources, tokens, units ...), and the
    # decks a player's hand holds (their cards move too, and `swap` exchanges them)
    movable: list[str] = field(default_factory=list)
    hands: list[str] = field(default_factory=list)
    actions: list[str] = field(default_factory=list)
    attributes: dict[str, dict[str, str]] = field(default_factory=dict)
    hooks: dict[str, dict[str, str]] = field(default_factory=dict)
    quantities: dict[str, Signature] = field(default_factory=dict)
    grants: dict[str, Signature] = field(default_factory=dict)
    forbids: dict[str, Signature] = field(default_factory=dict)
    functions: dict[str, Signature] = field(default_factory=dict)
    primitives: dict[str, Signature] = field(default_factory=dict)
    # name -> type for every constant: enum members, content ids, basic actions
    constants: dict[str, str] = field(default_factory=dict)
    # the game's wordings of its grants for the explainer (rules/<game>/content.yaml `grant_phrases`)
    phrases: dict[str, dict[str, str]] = field(default_factory=dict)
    # the game's typing rules beyond the vocabulary (content.yaml `language`: requires_context, containers,
    # stands_on)
    language: dict[str, Any] = field(default_factory=dict)
    # one-line descriptions of the words, by section (hooks, quantities, grants, forbids, functions,
    # primitives) and name: the `doc:` key of each entry, kept out of its signature or payload
    docs: dict[str, dict[str, str]] = field(default_factory=dict)
    # what each hook payload field means: the game's shared meanings (`hook_fields:`), and a hook's own
    # (`fields:` on the hook) by "hook.field"
    field_docs: dict[str, str] = field(default_factory=dict)
    # an effect line using the word, by section and name (the `example:` key of an entry): the reference
    # shows it when no bundled entry uses the word
    examples: dict[str, dict[str, str]] = field(default_factory=dict)
    # types whose words the rules data declares (content.yaml `rules_words`: rules-data key -> type, e.g.
    # counters -> counter), and each such word's description (its `doc:` there)
    rule_types: dict[str, str] = field(default_factory=dict)
    rule_docs: dict[str, str] = field(default_factory=dict)

    def field_meaning(self, hook: str, name: str) -> str:
        """The one-line meaning of a hook's payload field ("" when the vocabulary gives none)."""
        return self.field_docs.get(f"{hook}.{name}") or self.field_docs.get(name, "")

    @classmethod
    def load(cls, path: Path) -> Vocabulary:
        data = YAML(typ="safe").load(path.read_text())
        return cls.from_data(data)

    @classmethod
    def from_data(cls, data: dict[str, Any]) -> Vocabulary:
        docs: dict[str, dict[str, str]] = {}
        field_docs = {str(k): str(v) for k, v in (data.get("hook_fields") or {}).items()}
        examples: dict[str, dict[str, str]] = {}

        def undoc(section: str, name: str, spec: Any) -> dict[str, Any]:
            spec = dict(spec or {})
            doc = spec.pop(DOC_KEY, None)
            if doc is not None:
                docs.setdefault(section, {})[name] = str(doc)
            if section == "hooks":
                field_docs.update({f"{name}.{k}": str(v) for k, v in (spec.pop(FIELDS_KEY, None) or {}).items()})
            example = spec.pop(EXAMPLE_KEY, None)
            if example is not None:
                examples.setdefault(section, {})[name] = str(example)
            return spec

        def sigs(section: str) -> dict[str, Signature]:
            out = {}
            for name, spec in (data.get(section) or {}).items():
                spec = undoc(section, name, spec)
                # a procedure gives a result (`do P(...) as NAME`) only when it declares one
                default = "int" if section == "quantities" else "" if section == "primitives" else "any"
                out[name] = Signature(args=list(spec.get("args", [])), min_args=spec.get("min_args"),
                                      returns=spec.get("returns", default),
                                      context=dict(spec.get("context") or {}), arg=spec.get("arg"),
                                      emits=list(spec.get("emits") or []))
            return out

        v = cls(enums={k: list(vs) for k, vs in (data.get("enums") or {}).items()},
                content_types=dict(data.get("content_types") or {}),
                globals=dict(data.get("globals") or {}),
                gainable=list(data.get("gainable") or []), payable=list(data.get("payable") or []),
                losable=list(data.get("losable") or []), decks=list(data.get("decks") or []),
                movable=list(data.get("movable") or []), hands=list(data.get("hands") or []),
                actions=list(data.get("actions") or []),
                attributes={k: dict(v or {}) for k, v in (data.get("attributes") or {}).items()},
                hooks={k: undoc("hooks", k, v) for k, v in (data.get("hooks") or {}).items()},
                quantities=sigs("quantities"), grants=sigs("grants"), forbids=sigs("forbids"),
                functions=sigs("functions"), primitives=sigs("primitives"), docs=docs, field_docs=field_docs,
                examples=examples)
        for enum, members in v.enums.items():
            for m in members:  # a word of two enums (angry: a mood and a city filter) keeps its first type;
                v.constants.setdefault(m, enum)  # the checker lets it stand where the other enum is wanted
        for a in v.actions:
            v.constants.setdefault(a, "action")
        for g in v.grants:
            v.constants.setdefault(g, "grant")
        for h in v.hooks:  # hook names as values, e.g. times_this_turn(battle_won)
            v.constants.setdefault(h, "hook")
        v.constants.setdefault(NONE, NONE)  # `x = none`: no value (no card drawn, no player left, no city)
        return v

    def members(self, typ: str) -> list[str]:
        """The words of a listed type: an enum's members, or the basic actions for `action` (a word may be
        listed under two types, e.g. `build`, a purpose and an action)."""
        return list(self.enums.get(typ) or (self.actions if typ == "action" else ()))

    def add_content(self, kind: str, ids: list[str]) -> None:
        """Make content ids (advances, wonders, ...) usable as constants."""
        typ = self.content_types.get(kind)
        if typ is None:
            return
        for i in ids:
            # a content id may collide with a basic action id (e.g. an advance called like an action);
            # content wins because effects talk about content far more often.
            self.constants[i] = typ

    def add_rule_words(self, rules: dict[str, Any]) -> None:
        """Make the names the rules data declares usable as constants of their type (content.yaml
        `rules_words`: the keys of rules[key] become words of type rule_types[key], e.g. the counters)."""
        for key, typ in self.rule_types.items():
            declared = rules.get(key)
            for name, spec in (declared.items() if isinstance(declared, dict) else ()):
                if isinstance(name, str):
                    self.constants.setdefault(name, typ)
                    if isinstance(spec, dict) and spec.get(DOC_KEY):
                        self.rule_docs[name] = str(spec[DOC_KEY])

    def kinds_of(self, category: str) -> list[str]:
        """Names allowed after gain/pay/lose/draw (and give/take/swap), expanded from the category lists."""
        spec = {"gain": self.gainable, "pay": self.payable, "lose": self.losable, "draw": self.decks,
                "give": self.movable + self.hands, "take": self.movable + self.hands, "swap": self.hands,
                "hand": self.hands}[category]
        out: list[str] = []
        for item in spec:
            if item in self.enums:
                out.extend(self.enums[item])
            elif item in self.content_types.values() or item in self.rule_types.values():
                out.extend(n for n, t in self.constants.items() if t == item)
            else:
                out.append(item)
        return out

    def type_of_kind(self, name: str) -> str:
        return self.constants.get(name, name)
