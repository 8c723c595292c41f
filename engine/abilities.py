"""Abilities: what content declares, in compiled form, ready for the rules to consult.

The engine knows six shapes of ability and nothing of any game:
- Grant: a standing permission (`collect(fertile, food)`), maybe conditional;
- Modifier: changes a computed quantity (`=`, `+=`, `-=`, clamps), maybe optional with a cost;
- Trigger: runs effects on a hook;
- SpecialAction: an action a player may take (AAA or free, once per turn, with a cost);
- Forbid: a prohibition the rules check before doing something;
- Cost / Requirement: what it takes to acquire the entry itself.
Conditions and values are compiled closures `fn(ctx) -> value` (one whose value is known when compiling
carries it as `fn.const`); bodies are generator functions
`fn(ctx) -> Generator[Decision, choice, None]`, so any effect can stop to ask a player.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from dataclasses import dataclass, field
from typing import Any

Fn = Callable[["Ctx"], Any]
Body = Callable[["Ctx"], Generator]


class Ctx:
    """Where an effect runs: the rules runtime, the owning player, the source entry, bound names.

    Made for every condition a rule asks (thousands per action menu): a plain class with slots, built by
    one short __init__, costs less to make and to read than a dataclass."""

    # cancelled: the effect called off the moment its trigger answers (`cancel`); stopped: the rest of the
    # effect does not happen (a payment it could not make, no player to choose)
    __slots__ = ("rt", "me", "source", "vars", "ability", "cancelled", "stopped")

    def __init__(self, rt: Any, me: int, source: str, vars: dict[str, Any] | None = None,
                 ability: Ability | None = None, cancelled: bool = False) -> None:
        self.rt = rt
        self.me = me
        self.source = source
        self.vars = {} if vars is None else vars
        self.ability = ability
        self.cancelled = cancelled
        self.stopped = False

    def __repr__(self) -> str:
        return f"Ctx(me={self.me!r}, source={self.source!r}, vars={self.vars!r})"

    def with_vars(self, **kw: Any) -> Ctx:
        return Ctx(self.rt, self.me, self.source, {**self.vars, **kw}, self.ability)


@dataclass
class Ability:
    source: str
    index: int
    text: str = ""  # the effect in English, for prompts and messages (see `label`)
    describe: Callable[[], str] | None = field(default=None, repr=False, compare=False, kw_only=True)

    @property
    def label(self) -> str:
        """The ability in English; produced on first use, so compiling content stays fast."""
        if not self.text and self.describe is not None:
            self.text = self.describe()
        return self.text

    @property
    def limited(self) -> tuple[str, int] | None:
        """(period, uses allowed) for an ability limited in use, e.g. ("round", 1); None if unlimited."""
        if not getattr(self, "once_per_turn", False):
            return None
        return getattr(self, "per", "turn"), getattr(self, "times", 1)

    @property
    def key(self) -> str:
        """Stable key for once-per-turn bookkeeping."""
        return f"{self.source}#{self.index}"


@dataclass
class CostSpec:
    what: str
    amount: Fn


ONE_OF = "one_of"  # CostChoice's `what`: the rules' payment reads its amount as the ways to pay


@dataclass
class CostChoice:
    """A cost of several ways to pay (`costs 1 gold or 2 mood`). Read like a CostSpec, its `what` is
    ONE_OF and its amount the ways, each a list of (what, amount) pairs: [[("gold", 1)], [("mood", 2)]]."""

    ways: list[list[CostSpec]]

    @property
    def what(self) -> str:
        return ONE_OF

    def amount(self, ctx: Ctx) -> list[list[tuple[str, Any]]]:
        return [[(c.what, c.amount(ctx)) for c in way] for way in self.ways]


@dataclass
class Grant(Ability):
    name: str = ""
    args: list[Fn] = field(default_factory=list)
    when: Fn | None = None

    # the arguments when every one is a constant (a value function carrying `const`, as the compiler makes
    # them) and there is no condition: the grant's answer needs no context. None otherwise.
    fixed: tuple | None = field(default=None, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.when is None and all(hasattr(a, "const") for a in self.args):
            self.fixed = tuple(a.const for a in self.args)


@dataclass
class Modifier(Ability):
    quantity: str = ""
    arg: Fn | None = None
    op: str = "="
    value: Fn | None = None
    when: Fn | None = None
    minimum: Fn | None = None
    maximum: Fn | None = None
    once_per_turn: bool = False
    optional: bool = False
    cost: list[CostSpec] = field(default_factory=list)
    per: str = "turn"  # with once_per_turn: the period of the limit (turn, round, game)
    times: int = 1     # with once_per_turn: uses allowed in the period

    def apply(self, ctx: Ctx, current: int) -> int:
        v = self.value(ctx) if self.value else 0
        if self.op == "=":
            out = v
        elif self.op == "+=":
            out = current + v
        else:
            out = current - v
        if self.minimum is not None:
            out = max(out, self.minimum(ctx))
        if self.maximum is not None:
            out = min(out, self.maximum(ctx))
        return out


@dataclass
class Trigger(Ability):
    hook: str = ""
    body: Body | None = None
    when: Fn | None = None
    once_per_turn: bool = False
    optional: bool = False
    any_player: bool = False
    cost: list[CostSpec] = field(default_factory=list)
    per: str = "turn"
    times: int = 1
    shared: str = ""  # `on a or b`: the hooks of one trigger, whose uses count together ("a|b")


@dataclass
class SpecialAction(Ability):
    title: str = ""
    body: Body | None = None
    free: bool = False
    once_per_turn: bool = False
    cost: list[CostSpec] = field(default_factory=list)
    when: Fn | None = None
    per: str = "turn"
    times: int = 1


@dataclass
class Forbid(Ability):
    what: str = ""
    when: Fn | None = None


@dataclass
class Cost(Ability):
    cost: list[CostSpec] = field(default_factory=list)


@dataclass
class Requirement(Ability):
    cond: Fn | None = None


@dataclass
class Objective(Ability):
    """A goal on an objective card: checked in the status phase, or on its hook at once."""

    name: str = ""
    hook: str | None = None
    cond: Fn | None = None


@dataclass
class CompiledEntry:
    """All abilities of one content entry, indexed the way the rules look them up."""

    id: str
    abilities: list[Ability] = field(default_factory=list)

    def of(self, cls: type) -> list:
        return [a for a in self.abilities if isinstance(a, cls)]


class AbilityIndex:
    """Abilities of every entry, indexed by hook / quantity / grant / forbid name for fast lookup."""

    def __init__(self, entries: dict[str, CompiledEntry]):
        self.entries = entries
        self.triggers: dict[str, list[Trigger]] = {}
        self.modifiers: dict[str, list[Modifier]] = {}
        self.grants: dict[str, list[Grant]] = {}
        self.forbids: dict[str, list[Forbid]] = {}
        self.actions: dict[str, list[SpecialAction]] = {}
        self.costs: dict[str, list[Cost]] = {}
        self.requirements: dict[str, list[Requirement]] = {}
        self.objectives: dict[str, list[Objective]] = {}
        for entry in entries.values():
            for ab in entry.abilities:
                if isinstance(ab, Trigger):
                    self.triggers.setdefault(ab.hook, []).append(ab)
                elif isinstance(ab, Modifier):
                    self.modifiers.setdefault(ab.quantity, []).append(ab)
                elif isinstance(ab, Grant):
                    self.grants.setdefault(ab.name, []).append(ab)
                elif isinstance(ab, Forbid):
                    self.forbids.setdefault(ab.what, []).append(ab)
                elif isinstance(ab, SpecialAction):
                    self.actions.setdefault(ab.source, []).append(ab)
                elif isinstance(ab, Cost):
                    self.costs.setdefault(ab.source, []).append(ab)
                elif isinstance(ab, Requirement):
                    self.requirements.setdefault(ab.source, []).append(ab)
                elif isinstance(ab, Objective):
                    self.objectives.setdefault(ab.source, []).append(ab)
