"""What the greedy 7 Wonders bot reckons coins, produced resources and shields are worth, read from the
rules data and the content (no card named).

- A coin is worth what it scores at the end (1 point per `treasury_coins_per_point`) and, for the first
  few held (`coins_ready`), a little more (`coin_ready`): those buy a neighbour's resources. Beyond them
  a coin is only its end value, so a rich player spends coins on a card or stage instead of selling for more.
- A produced resource is worth the bot's weight while the player makes fewer units of it than the
  dearest cost still ahead asks (cards of this age and later, the player's stages left); a unit beyond
  that is a surplus (`resource_surplus` of the weight).
- Shields are worth the conflict points they change against each neighbour, who may still arm:
  at each pick left in an age a neighbour adds a military card with chance `rival_arms` (its shields the
  mean of that age's military cards). This age counts in full, later ages at half.
"""

from __future__ import annotations

from math import comb
from typing import TYPE_CHECKING, Any

from ....engine.abilities import Ctx
from ..city.military import shields
from ..city.production import production

if TYPE_CHECKING:
    from ..state.runtime import Wonders


def by_age(value: Any, age: int) -> float:
    """A weight that may be a list by age (the last one for ages beyond it)."""
    if isinstance(value, list):
        return float(value[min(max(age, 1), len(value)) - 1]) if value else 0.0
    return float(value or 0)


def _cache(rt: Wonders) -> dict:
    """What the bot works out once per compiled game (content and rules do not change during it)."""
    return vars(rt.d).setdefault("_greedy_worth", {})


def coin_worth(rt: Wonders, coins: int, w: dict) -> float:
    """What holding `coins` is worth: the end value, plus `coin_ready` for each of the first `coins_ready`."""
    per_point = int(rt.d.params["treasury_coins_per_point"])
    ready = int(w.get("coins_ready", 0))
    return coins / per_point + float(w.get("coin_ready", 0.0)) * min(coins, ready)


def coin_change(rt: Wonders, p: int, change: int, w: dict) -> float:
    """What gaining (or, negative, paying) `change` coins is worth to p, given what p holds."""
    held = int(rt.player(p)["coins"])
    return coin_worth(rt, max(0, held + change), w) - coin_worth(rt, held, w)


def _dearest_costs(rt: Wonders, age: int) -> dict[str, int]:
    """Per resource, the most units any card of this age or later asks."""
    memo = _cache(rt)
    key = ("dearest", age)
    if key not in memo:
        out: dict[str, int] = {}
        for e in rt.d.cards:
            if int(e.data["age"]) >= age:
                for r, k in (e.data.get("cost") or {}).items():
                    out[r] = max(out.get(r, 0), int(k))
        memo[key] = out
    return memo[key]


def resources_wanted(rt: Wonders, p: int, age: int) -> dict[str, int]:
    """Per resource, the units p's dearest cost still ahead asks (cards ahead and p's stages left)."""
    out = dict(_dearest_costs(rt, age))
    for stage in rt.d.stages(rt.player(p)["board"])[rt.player(p)["stages"]:]:
        for r, k in (stage.get("cost") or {}).items():
            out[r] = max(out.get(r, 0), int(k))
    return out


def resource_value(rt: Wonders, p: int, source: str, w: dict, age: int) -> float:
    """The worth of what `source` would produce for p: each unit at the bot's weight while p lacks it for
    the dearest cost ahead, a surplus unit at `resource_surplus` of it; a one-of-several unit at 0.8."""
    fixed, choices = production(rt, p)
    have = dict(fixed)
    for choice in choices:
        for r in choice:
            have[r] = have.get(r, 0) + 1
    wanted = resources_wanted(rt, p, age)
    weight, surplus = by_age(w.get("resource"), age), float(w.get("resource_surplus", 1.0))

    def unit(r: str, more: int) -> float:
        return 1.0 if have.get(r, 0) + more < wanted.get(r, 0) else surplus

    value = 0.0
    for g in rt.d.grants_of(source, "produce"):
        args = [f(Ctx(rt, p, source)) for f in g.args]
        units = int(args[1]) if len(args) > 1 else 1
        value += weight * sum(unit(str(args[0]), i) for i in range(units))
    for name in ("produce_one_of", "produce_private"):
        for g in rt.d.grants_of(source, name):
            args = [f(Ctx(rt, p, source)) for f in g.args]
            value += weight * 0.8 * max((unit(str(r), 0) for r in args[0]), default=0.0)
    return value


def _arming(rt: Wonders, age: int) -> float:
    """The mean shields of the age's military cards in this player count's deck (at least 1)."""
    memo = _cache(rt)
    key = ("arming", age, rt.n)
    if key not in memo:
        given = []
        for e in rt.d.cards:
            if int(e.data["age"]) == age and any(int(c) <= rt.n for c in e.data.get("players") or []):
                grants = rt.d.grants_of(e.id, "shields")
                if grants:
                    given.append(sum(int(g.args[0](Ctx(rt, 0, e.id))) for g in grants))
        memo[key] = max(1, round(sum(given) / len(given))) if given else 1
    return memo[key]


def military_value(rt: Wonders, p: int, extra: int, w: dict) -> float:
    """The conflict points `extra` shields would change for p against each neighbour, who may still add
    a military card at each pick left (chance `rival_arms`): this age in full, later ages at half."""
    wins = [int(x) for x in (rt.d.params.get("military_victory") or [1, 3, 5])]
    loss = int(rt.d.params.get("military_defeat", -1))
    age, turn = int(rt.state.get("age") or 1), int(rt.state.get("turn") or 1)
    turns = int(rt.d.params.get("hand_size", 7)) - 1
    chance = float(w.get("rival_arms", 0.0))
    mine = shields(rt, p)

    def outcome(a: int, b: int, at: int) -> int:
        return wins[at - 1] if a > b else loss if a < b else 0

    value = 0.0
    for q in dict.fromkeys(rt.neighbours(p)):
        if q == p:
            continue
        theirs = shields(rt, q)
        gained = {0: 1.0}  # the neighbour's shields gained by the end of age `at`, with their chances
        for at in range(age, len(wins) + 1):
            picks, size = (turns - turn + 1 if at == age else turns), _arming(rt, at)
            later: dict[int, float] = {}
            for g, pr in gained.items():
                for k in range(picks + 1):
                    pk = comb(picks, k) * chance ** k * (1 - chance) ** (picks - k)
                    later[g + k * size] = later.get(g + k * size, 0.0) + pr * pk
            gained = {g: pr for g, pr in later.items() if pr > 1e-9}
            change = sum(pr * (outcome(mine + extra, theirs + g, at) - outcome(mine, theirs + g, at))
                         for g, pr in gained.items())
            value += change * (1.0 if at == age else 0.5)
    return value
