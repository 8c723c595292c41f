"""The card language's syntax tree: our own small classes, each carrying its source position.

Positions are 1-based (line, column) inside the effect text; the loader shifts them to the YAML
file so that every diagnostic names the file's line and column.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Pos:
    line: int = 1
    column: int = 1
    end_line: int = 1
    end_column: int = 1


NOWHERE = Pos()


# ---- expressions -----------------------------------------------------------------------------


@dataclass
class Expr:
    pos: Pos = field(default=NOWHERE, kw_only=True, compare=False, repr=False)


@dataclass
class Num(Expr):
    value: int


@dataclass
class Str(Expr):
    value: str


@dataclass
class Ref(Expr):
    """A name or a dotted path: `city`, `target.owner`, `food`, an entry id."""

    parts: list[str]

    @property
    def dotted(self) -> str:
        return ".".join(self.parts)


@dataclass
class Call(Expr):
    name: str
    args: list[Expr]


@dataclass
class ListExpr(Expr):
    items: list[Expr]


@dataclass
class BinOp(Expr):
    """Arithmetic (`+ - * //`), comparison (`= != < <= > >=`), `and`, `or`, `in`, `not in`, `has`."""

    op: str
    left: Expr
    right: Expr


@dataclass
class Not(Expr):
    operand: Expr


# ---- statements ------------------------------------------------------------------------------


@dataclass
class Stmt:
    pos: Pos = field(default=NOWHERE, kw_only=True, compare=False, repr=False)


@dataclass
class Binds:
    """A statement whose result may be named: `... as NAME` (`bind`), readable by the statements after it."""

    bind: str | None = field(default=None, kw_only=True)
    bind_pos: Pos = field(default=NOWHERE, kw_only=True, compare=False, repr=False)


@dataclass
class Gain(Binds, Stmt):
    """`gain N KIND [at PLACE] [as NAME]`: NAME is how many were gained (after the limits)."""

    amount: Expr
    what: str
    at: Expr | None = None


@dataclass
class Pay(Binds, Stmt):
    """`pay N KIND [as NAME]`: NAME is how many were paid."""

    amount: Expr
    what: str


@dataclass
class Lose(Binds, Stmt):
    """`lose N KIND [as NAME]`: NAME is how many were lost (at most what was held)."""

    amount: Expr
    what: str


@dataclass
class Draw(Binds, Stmt):
    """`draw N DECK [as NAME]`: NAME is the (last) card drawn, none when the deck ran out."""

    amount: Expr
    what: str


@dataclass
class Do(Binds, Stmt):
    """`do PROCEDURE(ARGS) [as NAME]`: NAME is the procedure's result (the vocabulary's `returns:`)."""

    call: Call


@dataclass
class Let(Stmt):
    """`let NAME = EXPR`: a value named for the statements after it (in its block and the blocks inside)."""

    name: str
    value: Expr
    op: str = "="  # what was written between name and value: only `=` is right (the checker says so)
    name_pos: Pos = field(default=NOWHERE, kw_only=True, compare=False, repr=False)


@dataclass
class Roll(Binds, Stmt):
    """`roll N dice as NAME`: N dice of the game's die, their total named; drawn from the game's random stream."""

    count: Expr


@dataclass
class Pick(Binds, Stmt):
    """`pick at random from LIST as NAME`: one item of the list, drawn from the game's random stream."""

    items: Expr


@dataclass
class ChoosePlayer(Binds, Stmt):
    """`choose a player as NAME [when COND]` (`another player`: not you); COND may name NAME."""

    others: bool = False
    when: Expr | None = None


@dataclass
class ForPlayer(Stmt):
    """`for PLAYER: BLOCK`: the block runs as that player (`me` is they, their decisions)."""

    who: Expr
    body: list[Stmt]


@dataclass
class Give(Binds, Stmt):
    """`give N KIND to PLAYER [as NAME]`: from you to them; NAME is how many moved (a card: the card)."""

    amount: Expr
    what: str
    to: Expr


@dataclass
class Take(Binds, Stmt):
    """`take N KIND from PLAYER [at random] [as NAME]`: from them to you; cards are picked by you looking at
    theirs, or at random."""

    amount: Expr
    what: str
    source: Expr
    random: bool = False


@dataclass
class Look(Stmt):
    """`look at DECK of PLAYER`: you see the player's cards of that deck (no card moves)."""

    what: str
    whose: Expr


@dataclass
class Swap(Stmt):
    """`swap N DECK with PLAYER`: you look at their cards of that deck, take N and give them N of yours."""

    amount: Expr
    what: str
    other: Expr


@dataclass
class Cancel(Stmt):
    pass


@dataclass
class GrantTemp(Stmt):
    """`grant name(args) until end of turn`: a permission that lapses when the turn ends."""

    call: Call
    until: str = "turn"  # or "round", or a period the game declares (enum `period`, e.g. a battle)


@dataclass
class Seq(Stmt):
    """Statements joined with `then`, run in order."""

    items: list[Stmt]


@dataclass
class Alt:
    body: Seq
    when: Expr | None
    pos: Pos = NOWHERE
    block: bool = False  # written as `option [when COND]: BLOCK` (statements on lines of their own)


@dataclass
class Choose(Stmt):
    alts: list[Alt]


@dataclass
class If(Stmt):
    cond: Expr
    then: list[Stmt]
    orelse: list[Stmt]


@dataclass
class ForEachPlayer(Stmt):
    """`for each [other] player:` runs the block once per player in turn order, `me` rebound."""

    body: list[Stmt]
    others: bool = False


@dataclass
class Repeat(Stmt):
    """`repeat N times` (exactly) or `repeat up to N` (the player may stop after any round)."""

    count: Expr
    up_to: bool
    body: list[Stmt]


# ---- abilities -------------------------------------------------------------------------------


@dataclass
class CostItem:
    amount: Expr
    what: str
    pos: Pos = NOWHERE


ONE_OF = "one_of"  # the `what` of a cost of several ways to pay (`costs 1 gold or 2 mood`)


@dataclass
class CostChoice:
    """`costs 1 gold or 2 mood`: the payer picks one of the ways, each a list of items paid together."""

    ways: list[list[CostItem]]
    pos: Pos = NOWHERE

    @property
    def what(self) -> str:
        return ONE_OF


@dataclass
class Ability:
    pos: Pos = field(default=NOWHERE, kw_only=True, compare=False, repr=False)


@dataclass
class Grant(Ability):
    """A standing permission or rule: `grant collect(fertile, food)`."""

    call: Call
    when: Expr | None = None


@dataclass
class Modify(Ability):
    """Changes a quantity the rules compute: `modify advance_cost(food) when ...: = 0`."""

    quantity: Call
    op: str
    value: Expr
    when: Expr | None = None
    minimum: Expr | None = None
    maximum: Expr | None = None
    once_per_turn: bool = False  # limited in use (see `per` and `times`), not only per turn
    optional: bool = False
    cost: list[CostItem] = field(default_factory=list)
    per: str = "turn"  # with once_per_turn: the period of the limit (turn, round or game)
    times: int = 1     # with once_per_turn: uses allowed in that period


@dataclass
class Trigger(Ability):
    """`on [any] hook [when cond] [once per turn] [optional] [costs ...]: effects`.

    Without `any` the trigger listens only to its owner's own moments (the hook's player is `me`).
    """

    hook: str
    body: list[Stmt]
    when: Expr | None = None
    once_per_turn: bool = False
    optional: bool = False
    cost: list[CostItem] = field(default_factory=list)
    any_player: bool = False
    hook_pos: Pos = NOWHERE
    per: str = "turn"
    times: int = 1
    also: list[tuple[str, Pos]] = field(default_factory=list)  # more hooks (`on a or b`), one shared limit

    @property
    def hooks(self) -> list[str]:
        return [self.hook] + [h for h, _ in self.also]


@dataclass
class ActionDef(Ability):
    """A special action: AAA by default, `free` costs no action."""

    title: str
    body: list[Stmt]
    free: bool = False
    once_per_turn: bool = False
    cost: list[CostItem] = field(default_factory=list)
    when: Expr | None = None
    per: str = "turn"
    times: int = 1


@dataclass
class Forbid(Ability):
    what: str
    when: Expr | None = None
    what_pos: Pos = NOWHERE


@dataclass
class Acquire(Ability):
    """Extra cost to acquire the entry itself (e.g. a dearer advance)."""

    cost: list[CostItem]


@dataclass
class Requires(Ability):
    """A requirement to acquire or build the entry."""

    cond: Expr


@dataclass
class ObjectiveDef(Ability):
    """`objective "Name" [on hook] when cond`: completed in the status phase, or at once on the hook."""

    name: str
    cond: Expr | None
    hook: str | None = None
    hook_pos: Pos = NOWHERE


@dataclass
class Effect:
    abilities: list[Ability]
    source: str = ""


def leading_do(stmts: list) -> Call | None:
    """The procedure a body starts with, after its payments: `do build_units(army, 1)` of a card whose
    action is that procedure. The rules may refuse to offer an action whose procedure could do nothing."""
    for s in stmts:
        if isinstance(s, Seq):
            return leading_do(s.items)
        if isinstance(s, Pay):
            continue
        return s.call if isinstance(s, Do) else None
    return None
