"""The greedy Civilization bot: it researches the highest tech it can place, advances on the culture
track whenever it can, builds what adds most to a city (a wonder, a building worth more than the
square it covers, the figures it lacks, units while its forces are few, else the arts), sends scouts
to city sites and armies to huts, villages and unexplored edges, and plays each battle card where it
kills most for least. Nothing here names a card: content is valued by its data and abilities.
"""

from __future__ import annotations

from ....engine.abilities import Ctx
from ....engine.decision import Decision
from ....engine.rng import Rng, seed_state
from ..board import board
from ..board.pieces import cities_left, rank, strength
from ..cards.tech_gifts import learnable
from ..combat.combat import SIDES, bonus, hand_size, trumps
from ..phases.manage import city_options
from ..phases.start import city_site
from ..state.economy import boost_rate, city_squares, coins, production, pyramid_row, research_cost, yields
from .bot_aims import AimScores
from .bot_war import march_distances, nerve, steps_to
from .negotiation_bot import Negotiator, wanted

VALUE = {"trade": 1.0, "production": 1.0, "culture": 1.2, "coin": 2.5}


def square_value(icons: dict, weights: dict | None = None) -> float:
    w = weights or VALUE
    return sum(w.get(k, 0) * int(v) for k, v in icons.items() if k in w) + (0.5 if icons.get("resource") else 0)


ROADS = ("culture", "technology", "economic", "military")
MARTIAL = ("combat_bonus", "battle_hand_size", "unit_strength")   # quantities a military bot seeks
MILITARY_PATIENCE = 40   # turns a military road may go without a victory before the bot takes another


def _peaceful_progress(rt, p: int) -> dict[str, float]:
    """The fraction of the way p has come on each road but war: culture spaces, the levels of a pyramid
    with a top-level tech, coins (the measures search_worth.py's evaluation uses)."""
    pl = rt.player(p)
    top = int(rt.params.get("tech_victory_level", 5))
    pyramid = sum(level * (top + 1 - level) for level in range(1, top + 1)) or 1
    return {"culture": pl["track"] / (len(rt.d.track) or 1),
            "technology": sum(rt.d.level(t) for t in pl["techs"]) / pyramid,
            "economic": coins(rt, p) / max(1, int(rt.params["coins_to_win"]))}


class GreedyBot(Negotiator, AimScores):
    """Greedy along one road to victory, drawn from its seed (so bots of a game take different roads); it
    trades as negotiation_bot.py says and aims its cards as bot_aims.py says."""

    name = "greedy"

    def __init__(self, seed: int = 0):
        self._state = {"rng": seed_state(seed)}
        self.road = ROADS[Rng(self._state).below(len(ROADS))]

    @property
    def road(self) -> str:
        """The road followed now (see road_for)."""
        return self._road

    @road.setter
    def road(self, value: str) -> None:
        """Setting the road sets the one drawn (a caller choosing the bot's persona)."""
        self.drawn = self._road = value

    def road_for(self, rt, p: int) -> str:
        """The road the bot follows now: the one drawn, except a military road that has not won after
        MILITARY_PATIENCE turns, which gives way to the road p is furthest along (a war that cannot be won no
        longer lets any rival win by coins or culture: the random bot did, in 3 of 200 games)."""
        if self.drawn != "military" or int(rt.state.get("turn") or 0) <= MILITARY_PATIENCE:
            return self.drawn
        progress = _peaceful_progress(rt, p)
        return max(progress, key=lambda r: (progress[r], -ROADS.index(r)))

    def choose(self, game, d: Decision) -> str:
        rt = game.rt
        self._road = self.road_for(rt, d.player)
        scorer = getattr(self, f"_{d.kind}", None)
        if scorer is None:
            return d.options[0]
        self._memo: dict = {}
        noise = Rng(self._state)
        scored = [(scorer(rt, d, o) + noise.below(100) / 100000, -i, o) for i, o in enumerate(d.options)]
        return max(scored)[2]

    # ---- set-up and start of turn
    def _capital(self, rt, d, o):
        x, y = board.unkey(o)
        return sum(square_value(rt.square(ax, ay) or {}) for ax, ay in board.around(x, y))

    def _place_figure(self, rt, d, o):
        return square_value(yields(rt, *board.unkey(o)))

    def _place_person(self, rt, d, o):
        if o in ("reserve", "keep"):
            return -100.0
        here = rt.item_at(*board.unkey(o))
        if here is not None and here["kind"] == "person":
            return -50.0   # it would only send another great person back to the reserve
        return -square_value(yields(rt, *board.unkey(o))) - (5 if here else 0)

    _place_wonder = _place_person

    def _build_city(self, rt, d, o):
        if o == "none":
            return 0.0
        fig = next((f for f in rt.state["figures"] if f"city:{f['id']}" == o), None)
        return 0.8 if fig is not None and fig["kind"] == "army" else 1.0   # a scout first, an army if need be

    def _government(self, rt, d, o):
        if o == "keep":
            return 0.5
        if not o.startswith("gov:"):
            return -1.0
        gain = self._gov_value(rt, d.player, o.removeprefix("gov:")) - self._gov_value(rt, d.player, rt.player(d.player)["government"])
        return 0.5 + gain if gain else 0.0

    def _gov_value(self, rt, p, gov) -> float:
        """What a government's effect is worth to p now, from the words it uses (no government named)."""
        cities = len(rt.cities(p))
        martial = 4.0 if self.road == "military" else 0.3
        value = 0.0
        if any(rt.d.modifiers_of(gov, "capital_actions")):
            value += 3.0 if rt.d.modifiers_of(gov, "capital_actions")[0].apply(Ctx(rt, p, gov), 1) > 1 else -3.0
        value += 1.0 * cities * len(rt.d.modifiers_of(gov, "city_production"))
        value += martial * sum(len(rt.d.modifiers_of(gov, q)) for q in MARTIAL)
        value += (3.0 if self.road == "economic" else 1.5) * len(rt.d.grants_of(gov, "coins"))
        value += 1.0 * len(rt.d.triggers_of(gov, "turn_start"))
        value += 1.0 if rt.d.grants_of(gov, "armies_found_cities") and cities_left(rt, p) > 0 else 0.0
        value += 0.8 * (cities - 1) if rt.d.grants_of(gov, "best_outskirts_production") else 0.0
        return value

    def _culture(self, rt, d, o):
        if o != "advance":
            return 0.0
        cost = int(rt.d.track[rt.player(d.player)["track"]].get("trade", 0))
        return 1.0 if self.road == "culture" or self._trade_to_spare(rt, d.player) >= cost else -1.0

    def _trade_to_spare(self, rt, p) -> int:
        """Trade beyond what the best tech p could research next needs (all of it when none is left)."""
        pl = rt.player(p)
        levels = [rt.d.level(t) for t in rt.d.tech_ids if t not in pl["techs"] and pyramid_row(rt, p, rt.d.level(t))]
        return pl["trade"] - (research_cost(rt, max(levels), p) if levels else 0)

    def _culture_card(self, rt, d, o):
        return 0.0 if o == "none" else 1.0

    def _ability(self, rt, d, o):
        if o == "none":
            return 0.0
        source, _, index = o.rpartition("#")
        ability = next(a for a in rt.d.compiled[source].abilities if a.index == int(index))
        trade = sum(int(c.amount(Ctx(rt, d.player, source)) or 0) for c in ability.cost if c.what == "trade")
        return -1.0 if trade and trade > self._trade_to_spare(rt, d.player) else 1.0

    def _cancel(self, rt, d, o):
        """Answer an event only when it hurts the bot: a culture card aimed at it, a card cancelling its own, a
        rival building a wonder."""
        stack = rt.state.get("reacting") or []
        if o == "none" or not stack:
            return 0.0
        event = stack[-1]
        if d.player in (event.get("targets") or ()) or event.get("action") == "wonder":
            return 1.0      # aimed at it, or a rival's wonder
        answered = stack[-2] if len(stack) > 1 else None
        return 1.0 if answered is not None and answered.get("player") == d.player else -1.0

    def _rival(self, rt, d, o):
        """A card aimed at a rival hurts the one furthest along; a gift goes to the one furthest behind."""
        return self._ahead(rt, int(o))

    def _gift_to(self, rt, d, o):
        return -self._ahead(rt, int(o))

    def _ahead(self, rt, q) -> float:
        pl = rt.player(q)
        return len(pl["techs"]) + pl["track"] + coins(rt, q)

    def _pay(self, rt, d, o):
        """A resource held first, then an ability in force, a card from the hand last."""
        return 1.0 if o == "token" else 0.5 if "#" in o else 0.2

    def _obsolete(self, rt, d, o):
        mine = any(it["id"] == o and it["owner"] == d.player for it in rt.state["items"].values())
        return -1.0 if mine else 1.0

    def _research(self, rt, d, o):
        if o == "none":
            return -1.0
        value = float(rt.d.level(o))
        if self.road == "military" and (any(rt.d.grants_of(o, g) for g in ("unit_rank", "stack_limit"))
                                        or any(rt.d.modifiers_of(o, q) for q in MARTIAL)):
            value += 1.5
        return value

    _free_tech = _research   # a tech for nothing: the one it would most like to research

    def _exchange_with(self, rt, d, o):
        """The rival whose best tech is highest, less what the rival takes back."""
        q, top = int(o), self._exchange_top(rt, d)
        mine = [rt.d.level(t) for t in learnable(rt, d.player, q, top)]
        theirs = [rt.d.level(t) for t in learnable(rt, q, d.player, top)]
        return max(mine, default=0) - 0.5 * max(theirs, default=0)

    def _exchange_top(self, rt, d) -> int:
        """The highest level exchanged, as the labels say ('... (techs of level 2 or lower)')."""
        words = (d.labels or [""])[0].split()
        after = [b for a, b in zip(words, words[1:], strict=False) if a == "level" and b.isdigit()]
        return int(after[0]) if after else max(rt.d.level(t) for t in rt.d.tech_ids)

    def _free_figure(self, rt, d, o):
        if o == "none":
            return 0.0
        scouts = sum(1 for f in rt.state["figures"] if f["owner"] == d.player and f["kind"] == "scout")
        return 2.0 if o == "scout" and cities_left(rt, d.player) > scouts else 1.0 if o == "army" else 0.5

    def _free_harvest(self, rt, d, o):
        return 0.0 if o == "none" else 1.0 + 0.1 * (rt.player(d.player)["resources"].get(o, 0) == 0)

    _harvest_again = _free_harvest

    def _barbarian_deck(self, rt, d, o):
        """The barbarians fight the player to the holder's right: the deck whose units trump most of that
        player's unit types (public: which types a player produced) and are trumped by fewest."""
        attacker = (d.player - 1) % rt.n
        types = [rt.d.units[c].data["type"] for c in rt.player(attacker)["forces"]]
        trumps_type = rt.params["trumps"]
        return sum(1 for t in types if trumps_type.get(o) == t) - sum(1 for t in types if trumps_type.get(t) == o)

    def _loot(self, rt, d, o):
        return {"tech": 5, "culture_card": 3, "resources": 2, "trade": 2.5, "culture": 2}.get(o.split(":")[0], 0)

    def _loot_resource(self, rt, d, o):
        """A token its abilities spend, then any token, then a facedown marker; it takes all it may."""
        if o == "stop":
            return -1.0
        return 0.5 if o == "marker" else 2.0 if o in wanted(rt, d.player) else 1.0

    # ---- city management
    def _city_action(self, rt, d, o):
        if o == "culture":
            return -10.0   # it spends culture after its city actions, when it knows the trade left
        spent = float(rt.d.rules.get("bot", {}).get("trade_spent", 0.3)) * (2 if self.road == "technology" else 1)
        boost = self._boost_trade(rt, d, o)
        if boost and self.road != "culture" and boost > self._trade_to_spare(rt, d.player):
            return -5.0    # it would leave too little trade for the next tech
        return self._action_value(rt, d, o) - boost * spent

    def _boost_trade(self, rt, d, o) -> int:
        """Trade the option would spend to boost the acting city's production."""
        city = next((c for c in rt.cities(d.player) if c["id"] == rt.state.get("acting_city")), None)
        if city is None:
            return 0
        if "costs" not in self._memo:
            self._memo["costs"] = {opt: cost for opt, _, cost in city_options(rt, city)}
        short = max(0, self._memo["costs"].get(o, 0) - production(rt, city))
        return -(-short // boost_rate(rt, d.player)) * int(rt.params["boost_trade"])

    def _action_value(self, rt, d, o):
        p = d.player
        what, _, rest = o.partition(":")
        armies = sum(1 for f in rt.state["figures"] if f["owner"] == p and f["kind"] == "army")
        scouts = sum(1 for f in rt.state["figures"] if f["owner"] == p and f["kind"] == "scout")
        forces = len(rt.player(p)["forces"])
        weights = {**VALUE, "trade": 2.0} if self.road == "technology" else \
            {**VALUE, "coin": 6.0} if self.road == "economic" else VALUE
        if what == "arts":
            return {"culture": 1.5, "technology": 0.6, "economic": 0.8, "military": 0.6}[self.road]
        if what == "harvest":
            return 0.2
        if what == "army":
            most = 5 if self.road == "military" else 4
            return 4.0 if armies < 2 else 2.0 if armies < most and forces >= 4 else 0.0
        if what == "scout":
            return 5.0 if cities_left(rt, p) > scouts else 0.0
        if what == "unit":
            if self.road == "military":
                return 3.5 if forces < 4 + 2 * armies else 0.8
            return 3.0 if forces < 4 + armies else 0.5
        if what.startswith("free_"):   # the same building (or walls), but paid for by nobody
            return self._action_value(rt, d, f"{what[len('free_'):]}:{rest}") + 1.5
        if what == "walls":
            return 2.0 if rt.player(p)["forces"] and len(rt.cities(p)) > 1 else 0.5
        eid, _, at = rest.partition("@")
        if (rt.item_at(*board.unkey(at)) or {}).get("kind") == "wonder":
            return -10.0
        here = square_value(yields(rt, *board.unkey(at)), weights)
        if what == "wonder":
            return 6.0 + square_value(rt.d.wonders[eid].data.get("icons") or {}, weights) - here
        gain = square_value(rt.d.buildings[eid].data.get("icons") or {}, weights) - here
        return 1.0 + gain if gain > 0 else -1.0

    # ---- movement
    def _move(self, rt, d, o):
        if o == "done":
            return 0.0
        return 1.0 if o.startswith("fig:") else 1.5 if self.road == "military" else 0.5

    def _step(self, rt, d, o):
        p = d.player
        figs = [f for f in rt.state["figures"] if f["id"] in set(rt.state.get("moving") or [])]
        if not figs:
            return 0.0
        x, y = figs[0]["x"], figs[0]["y"]
        scout = all(f["kind"] == "scout" for f in figs)
        if o.startswith("explore:"):
            return 10.0
        if o == "stop":
            if scout and city_site(rt, p, x, y) and cities_left(rt, p) > 0:
                return 20.0
            return 0.0
        dx, dy = board.STEPS[o]
        nx, ny = x + dx, y + dy
        if not scout and (board.key(nx, ny) in rt.state["markers"]):
            return 15.0
        if not scout and (rt.enemies_at(nx, ny, p) or (rt.city_at(nx, ny) or {}).get("owner", p) != p):
            return 12.0 if self._odds(rt, p, figs, nx, ny) > nerve(self.road) else -5.0
        if "dist" not in self._memo:
            self._memo["dist"] = self._distances(rt, p, figs, scout)
        dist = self._memo["dist"]
        here, there = dist.get((x, y)), dist.get((nx, ny))
        if there is None:
            return -1.0
        return 3.0 - there * 0.01 if here is None or there < here else -0.5   # nearer the goal, however far

    def _odds(self, rt, p, figs, x, y) -> float:
        """A rough ratio of p's expected battle total to the defender's at (x, y) (2.0: sure, 0: hopeless)."""
        armies = sum(1 for f in figs if f["kind"] == "army")
        mine = rt.player(p)["forces"]
        if not armies or not mine:
            return 0.0
        city = rt.city_at(x, y)
        city = city if city is not None and city["owner"] != p else None
        enemy = city["owner"] if city else (rt.enemies_at(x, y, p) or [{"owner": None}])[0]["owner"]
        if enemy is None:
            return 2.0
        if not any(f["kind"] == "army" for f in rt.enemies_at(x, y, p)) and city is None:
            return 2.0                      # scouts alone: no battle
        mean = sum(strength(rt, p, c) for c in mine) / len(mine)
        attack = min(len(mine), hand_size(rt, p, "attacker", armies, None)) * mean + bonus(rt, p, "attacker", None)
        defenders = sum(1 for f in rt.enemies_at(x, y, p) if f["kind"] == "army")
        theirs = len(rt.player(enemy)["forces"])
        guess = sum(rank(rt, enemy, t) + 1.5 for t in ("artillery", "infantry", "mounted")) / 3
        defence = min(theirs, hand_size(rt, enemy, "defender", defenders, city)) * guess + bonus(rt, enemy, "defender", city)
        return attack / max(1.0, defence)

    def _strong(self, rt, p) -> int:
        """Unit cards the bot wants before it attacks enemies."""
        return 6 if self.road == "military" else 9

    def _distances(self, rt, p, figs, scout) -> dict:
        """Steps from each square to the nearest goal (`_goal_distances`; a military road's armies, once
        strong, march on the enemy capitals: bot_war.py), remembered for the game's map and pieces as they
        are (a play-out asks again at every step of every move)."""
        m, st = rt.state["map"], rt.state
        attack = not scout and self.road == "military" and len(rt.player(p)["forces"]) >= self._strong(rt, p)
        key = (p, scout, attack, rt.granted("cross_water", p), rt.granted("end_in_water", p),
               tuple((c or {}).get("id") if not (c or {}).get("hidden") else "?" for row in m["tiles"] for c in row),
               tuple((c or {}).get("rot") for row in m["tiles"] for c in row), tuple(sorted(st["markers"])),
               tuple((c["owner"], c["x"], c["y"]) for c in st["cities_built"]), repr(st.get("disasters")),
               (cities_left(rt, p) > 0, tuple((f["owner"], f["x"], f["y"]) for f in st["figures"] if f["owner"] != p))
               if scout else None)
        memo = rt.d.__dict__.setdefault("_bot_distances", {})   # kept with the game's definition (its map)
        got = memo.get(key)
        if got is None:
            if len(memo) > 4096:
                memo.clear()
            got = memo[key] = (attack and march_distances(rt, p)) or self._goal_distances(rt, p, figs, scout)
        return got

    def _goal_distances(self, rt, p, figs, scout) -> dict:
        """Steps from each square to the nearest goal: a city site (scouts while cities may be built, else
        what armies seek), a square next to a facedown tile or (armies) a marker."""
        goals: set[tuple[int, int]] = set()
        m = rt.state["map"]
        for tr in range(m["rows"]):
            for tc in range(m["cols"]):
                if (m["tiles"][tr][tc] or {}).get("hidden"):
                    for dy in range(board.SIZE):
                        for dx in range(board.SIZE):
                            for _, nx, ny in board.orthogonal(tc * board.SIZE + dx, tr * board.SIZE + dy):
                                if rt.square(nx, ny) is not None:
                                    goals.add((nx, ny))
        if not scout:
            goals |= {board.unkey(k) for k in rt.state["markers"]}
        elif cities_left(rt, p) > 0:
            centres = [(c["x"], c["y"]) for c in rt.state["cities_built"]]
            sites = {(x, y) for y in range(m["rows"] * board.SIZE) for x in range(m["cols"] * board.SIZE)
                     if all(board.distance((x, y), c) >= 3 for c in centres) and city_site(rt, p, x, y)}
            goals = sites or goals
        return steps_to(rt, goals, rt.granted("cross_water", p) or rt.granted("end_in_water", p))

    # ---- battle
    def _battle(self, rt, d, o):
        fight = rt.state["battle"]
        i, _, target = o.partition(":")
        hand = rt.player(d.player)["battle_hand"]
        card = hand[int(i)]
        side = "attacker" if fight["holders"]["attacker"] == d.player else "defender"
        owner = fight["owners"][side]
        mine = strength(rt, owner, card)
        if target == "new":
            return mine * 0.5
        other = SIDES[1 - SIDES.index(side)]
        enemy = fight["fronts"][int(target)][other]
        theirs = strength(rt, fight["owners"][other], enemy["card"])
        trump = trumps(rt, card, enemy["card"], fight["owners"][other])
        kills = enemy["wounds"] + mine >= theirs or trump
        dies = theirs >= mine and not (trump and kills)
        return (theirs if kills else 0) - (mine if dies else 0) + 0.1


def city_value(rt, city) -> float:
    return sum(square_value(yields(rt, x, y)) for x, y in city_squares(rt, city))
