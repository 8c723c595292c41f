"""The compiler's part for the language's reach: statements that name their results, chance, other players.

Each function turns one statement into a generator function `run(ctx)`, as dsl/compiler.py does for the
others. What a statement names (`as NAME`, `let NAME = ...`) is written into `ctx.vars`, where every
later reference reads it. Chance draws from the game's random stream (`rng` of the state: hidden from
every view, reseeded in a searching bot's guessed worlds, and a move that drew from it cannot be undone);
a scenario that fixes the next dice (`dice` in its position) fixes rolls and picks too. What a game must
provide beyond the usual verbs is small and optional: `holder_of(source)` (who holds a card in play),
`hand_of(player, deck)` (a hand's list of cards) and `transfer(ctx, what, n, giver, taker)` (anything
else that moves between players, e.g. units); a game without them simply offers no such words in its
vocabulary.
"""

from __future__ import annotations

from collections.abc import Callable, Generator
from typing import TYPE_CHECKING, Any

from ..engine.abilities import Ctx
from ..engine.decision import ask
from ..engine.rng import Rng
from . import ast as A
from .limits import cap

if TYPE_CHECKING:
    from .compiler import Compiler

DIE_FACES = 6  # a game's die unless its content.yaml says otherwise (`language: die_faces`)


# ---- the runtime, as every game has it ---------------------------------------------------------------
def source_name(ctx: Ctx) -> str:
    """The name a person reads for the effect's source."""
    rt = ctx.rt
    named = getattr(rt, "source_name", None) or getattr(rt, "entry_name", None)
    return named(ctx.source) if named else ctx.source


def player_name(rt: Any, p: Any) -> str:
    return rt.name(p) if isinstance(p, int) else "nobody"


def players(rt: Any) -> list[int]:
    """Every player, in the order the game takes them (its turn order from the first player)."""
    order = getattr(rt, "players_in_turn_order", None) or getattr(rt, "order", None)
    return list(order()) if order else list(range(len(rt.game.state["players"])))


def die(state: dict, faces: int) -> int:
    """One die: the next fixed die of a scenario's position (`dice`), else the game's random stream."""
    fixed = state.get("dice")
    if fixed:
        return int(fixed.pop(0))
    return Rng(state).die(faces)


def below(state: dict, n: int) -> int:
    """A uniform index in [0, n): a fixed die N (a scenario's `dice`) gives N - 1 (wrapped), else the stream."""
    if n <= 1:
        return 0  # no chance at all: nothing drawn
    fixed = state.get("dice")
    if fixed:
        return (int(fixed.pop(0)) - 1) % n
    return Rng(state).below(n)


def holder(ctx: Ctx) -> int | None:
    """`holder`: the player who holds the effect's card in play (none when nobody does)."""
    find = getattr(ctx.rt, "holder_of", None)
    return find(ctx.source) if find else None


def as_player(ctx: Ctx, p: int) -> Ctx:
    """The same effect run by player p: `me` is p and p decides; names bound so far are kept."""
    return Ctx(ctx.rt, p, ctx.source, dict(ctx.vars), ctx.ability)


# ---- statements ----------------------------------------------------------------------------------------
def let(c: Compiler, s: A.Let) -> Callable[[Ctx], Generator]:
    name, value = s.name, c.expr(s.value)

    def run(ctx: Ctx) -> Generator:
        ctx.vars[name] = value(ctx)
        yield from ()

    return run


def roll(c: Compiler, s: A.Roll) -> Callable[[Ctx], Generator]:
    count, name = c.expr(s.count), s.bind
    faces = int(c.v.language.get("die_faces") or DIE_FACES)

    def run(ctx: Ctx) -> Generator:
        n = cap(ctx.rt, ctx.source, "repeat", count(ctx))
        state = ctx.rt.game.state
        dice = [die(state, faces) for _ in range(max(0, n))]
        ctx.vars[name] = sum(dice)
        shown = ", ".join(map(str, dice)) if len(dice) > 1 else str(sum(dice))
        total = f" = {sum(dice)}" if len(dice) > 1 else ""
        ctx.rt.log(f"{player_name(ctx.rt, ctx.me)} rolls {shown}{total} ({source_name(ctx)})")
        yield from ()

    return run


def pick(c: Compiler, s: A.Pick) -> Callable[[Ctx], Generator]:
    items, name = c.expr(s.items), s.bind

    def run(ctx: Ctx) -> Generator:
        got = list(items(ctx) or [])
        ctx.vars[name] = got[below(ctx.rt.game.state, len(got))] if got else None
        said = str(ctx.vars[name]).replace("_", " ") if got else "nothing"
        ctx.rt.log(f"{player_name(ctx.rt, ctx.me)} picks {said} at random ({source_name(ctx)})")
        yield from ()

    return run


def choose_player(c: Compiler, s: A.ChoosePlayer) -> Callable[[Ctx], Generator]:
    name, others = s.bind, s.others
    when = c.expr(s.when) if s.when is not None else None

    def run(ctx: Ctx) -> Generator:
        rt = ctx.rt
        fits = []
        for q in players(rt):
            if others and q == ctx.me:
                continue
            ctx.vars[name] = q
            if when is None or when(ctx):
                fits.append(q)
        if not fits:
            ctx.vars[name] = None
            rt.log(f"  no player qualifies for {source_name(ctx)}: the rest of it does not happen")
            ctx.stopped = True
            return
        pick_ = yield from ask(ctx.me, "player", f"{source_name(ctx)}: choose {'another' if others else 'a'} player",
                               [str(q) for q in fits], [rt.name(q) for q in fits])
        ctx.vars[name] = int(pick_)
        rt.log(f"{rt.name(ctx.me)} chooses {rt.name(int(pick_))} ({source_name(ctx)})")

    return run


def bound_names(stmts: list[A.Stmt]) -> frozenset[str]:
    """Every name the statements bind (`let`, `as`), at any depth."""
    out: set[str] = set()
    todo: list[Any] = list(stmts)
    while todo:
        s = todo.pop()
        if isinstance(s, A.Let):
            out.add(s.name)
        elif getattr(s, "bind", None):
            out.add(s.bind)
        for part in ("items", "body", "then", "orelse"):
            todo.extend(getattr(s, part, None) or [])
        if isinstance(s, A.Choose):
            todo.extend(alt.body for alt in s.alts)
    return frozenset(out)


def carry_back(ctx: Ctx, sub: Ctx, names: frozenset[str]) -> None:
    """After a block run as another player: the names bound before it that the block named again keep their
    new values (`let total = total + lost` inside `for each other player:`)."""
    for k in names:
        if k in ctx.vars:
            ctx.vars[k] = sub.vars.get(k)


def for_player(c: Compiler, s: A.ForPlayer) -> Callable[[Ctx], Generator]:
    who, body, names = c.expr(s.who), c.body(s.body), bound_names(s.body)

    def run(ctx: Ctx) -> Generator:
        p = who(ctx)
        if not isinstance(p, int) or p < 0:
            return
        sub = as_player(ctx, p)
        yield from body(sub)
        ctx.cancelled = ctx.cancelled or sub.cancelled
        carry_back(ctx, sub, names)

    return run


def _kinds(c: Compiler, verb: str) -> tuple[frozenset[str], frozenset[str]]:
    """(the decks of a hand, the kinds that move as a loss and a gain) for give and take."""
    hands = c.kinds("hand")
    plain = frozenset(k for k in c.kinds(verb) if k not in hands and k in c.kinds("lose") and k in c.kinds("gain"))
    return hands, plain


def _what(c: Compiler, what: str, verb: str) -> Callable[[Ctx], Any]:
    """The kind a statement names: a word of the game, or a name bound to one (`gain 1 windfall`)."""
    if what in c.kinds(verb) or what in c.v.constants:
        return lambda ctx: what
    return lambda ctx: ctx.vars.get(what)


def move(ctx: Ctx, what: str, n: int, giver: int, taker: int, hands: frozenset[str], plain: frozenset[str],
         chooser: int, random: bool = False) -> Generator:
    """Move up to n of `what` from giver to taker; returns how many moved (cards: the list of cards moved)."""
    rt = ctx.rt
    if giver == taker or n <= 0:
        return [] if what in hands else 0
    if what in hands:
        return (yield from move_cards(ctx, what, n, giver, taker, chooser, random))
    if what in plain:
        lost = yield from rt.lose(as_player(ctx, giver), what, n)
        lost = n if lost is None else int(lost)
        if lost:
            yield from rt.gain(as_player(ctx, taker), what, lost)
            rt.log(f"  {rt.name(giver)} gives {lost} {what.replace('_', ' ')} to {rt.name(taker)} ({source_name(ctx)})")
        return lost
    transfer = getattr(rt, "transfer", None)
    if transfer is None:
        return 0
    return (yield from transfer(ctx, what, n, giver, taker))


def move_cards(ctx: Ctx, deck: str, n: int, giver: int, taker: int, chooser: int, random: bool) -> Generator:
    """Cards of a hand from giver's to taker's: chosen by `chooser` (who looks at the giver's cards when they
    are not his own: a decision of kind `take_card`) or at random. The log names no card: hands are hidden."""
    rt = ctx.rt
    src, dst = rt.hand_of(giver, deck), rt.hand_of(taker, deck)
    moved: list[str] = []
    for _ in range(n):
        if not src:
            break
        if random:
            card = src[below(rt.game.state, len(src))]
        else:
            kind = "give_card" if chooser == giver else "take_card"
            whose = "your" if chooser == giver else f"{rt.name(giver)}'s"
            cards = sorted(set(src))
            card = yield from ask(chooser, kind, f"{source_name(ctx)}: which of {whose} cards goes to "
                                  f"{rt.name(taker) if chooser != taker else 'you'}?", cards,
                                  [rt_name(rt, x) for x in cards])
        src.remove(card)
        dst.append(card)
        moved.append(card)
    if moved:
        k = len(moved)
        how = " at random" if random else ""
        rt.log(f"  {rt.name(taker)} takes {k} {deck.replace('_', ' ')}{'s' * (k != 1)} from {rt.name(giver)}{how} "
               f"({source_name(ctx)})")
    return moved


def rt_name(rt: Any, card: str) -> str:
    named = getattr(rt, "source_name", None) or getattr(rt, "entry_name", None)
    return named(card) if named else card


def give(c: Compiler, s: A.Give) -> Callable[[Ctx], Generator]:
    amount, what, to, name = c.expr(s.amount), _what(c, s.what, "give"), c.expr(s.to), s.bind
    hands, plain = _kinds(c, "give")

    def run(ctx: Ctx) -> Generator:
        taker, kind = to(ctx), what(ctx)
        if not isinstance(taker, int) or kind is None:
            return
        n = cap(ctx.rt, ctx.source, "gain", amount(ctx))
        got = yield from move(ctx, kind, n, ctx.me, taker, hands, plain, ctx.me)
        if name is not None:
            ctx.vars[name] = (got[-1] if got else None) if isinstance(got, list) else got

    return run


def take(c: Compiler, s: A.Take) -> Callable[[Ctx], Generator]:
    amount, what, src, name, random = c.expr(s.amount), _what(c, s.what, "take"), c.expr(s.source), s.bind, s.random
    hands, plain = _kinds(c, "take")

    def run(ctx: Ctx) -> Generator:
        giver, kind = src(ctx), what(ctx)
        if not isinstance(giver, int) or kind is None:
            return
        n = cap(ctx.rt, ctx.source, "gain", amount(ctx))
        got = yield from move(ctx, kind, n, giver, ctx.me, hands, plain, ctx.me, random)
        if name is not None:
            ctx.vars[name] = (got[-1] if got else None) if isinstance(got, list) else got

    return run


def swap(c: Compiler, s: A.Swap) -> Callable[[Ctx], Generator]:
    amount, deck, other = c.expr(s.amount), s.what, c.expr(s.other)

    def run(ctx: Ctx) -> Generator:
        rt, me, them = ctx.rt, ctx.me, other(ctx)
        if not isinstance(them, int) or them == me:
            return
        n = min(cap(rt, ctx.source, "draw", amount(ctx)), len(rt.hand_of(me, deck)), len(rt.hand_of(them, deck)))
        if n <= 0:
            rt.log(f"  {source_name(ctx)}: no cards to swap")
            return
        got = yield from move_cards(ctx, deck, n, them, me, me, False)
        mine = [x for x in rt.hand_of(me, deck)]
        for card in got:  # what you give back is chosen among the cards you held before
            mine.remove(card)
        back = rt.hand_of(me, deck)
        for _ in range(n):
            cards = sorted(set(mine))
            card = yield from ask(me, "give_card", f"{source_name(ctx)}: which of your cards goes to "
                                  f"{rt.name(them)}?", cards, [rt_name(rt, x) for x in cards])
            mine.remove(card)
            back.remove(card)
            rt.hand_of(them, deck).append(card)
        rt.log(f"  {rt.name(me)} gives {n} {deck.replace('_', ' ')}{'s' * (n != 1)} back to {rt.name(them)}")

    return run


VERB = {A.Gain: "gain", A.Pay: "pay", A.Lose: "lose"}


def lines(items: list[A.Stmt]) -> list[A.Stmt]:
    """The statements of a line or of a block of lines (a `choose` option), not those inside nested blocks."""
    out: list[A.Stmt] = []
    for s in items:
        out.extend(lines(s.items) if isinstance(s, A.Seq) else [s])
    return out


def named_kind(c: Compiler, s: A.Gain | A.Pay | A.Lose):
    """`gain 1 windfall`: the kind is the value of a bound name, read when the statement runs (a value the
    verb cannot take gives nothing)."""
    name, allowed = s.what, c.kinds(VERB[type(s)])

    def what(ctx: Ctx) -> Any:
        kind = ctx.vars.get(name)
        return kind if kind in allowed else None

    return c.bound(s, what)


def look(c: Compiler, s: A.Look) -> Callable[[Ctx], Generator]:
    deck, whose = s.what, c.expr(s.whose)

    def run(ctx: Ctx) -> Generator:
        rt, them = ctx.rt, whose(ctx)
        if not isinstance(them, int) or them == ctx.me:
            return
        cards = list(rt.hand_of(them, deck))
        said = deck.replace("_", " ")
        rt.log(f"{rt.name(ctx.me)} looks at {rt.name(them)}'s {said}s ({source_name(ctx)})")
        seen = ", ".join(rt_name(rt, x) for x in cards) or "none"
        yield from ask(ctx.me, "look", f"{source_name(ctx)}: {rt.name(them)}'s {said}s: {seen}", ["seen"],
                       [seen], always=True)

    return run


REACH = {A.Let: let, A.Roll: roll, A.Pick: pick, A.ChoosePlayer: choose_player, A.ForPlayer: for_player,
         A.Give: give, A.Take: take, A.Swap: swap, A.Look: look}
