"""The bots of `rulewright serve` move here, in one background thread, never inside a request.

Why one thread: it bounds the server's bot work to one core whatever the number of games, so seats'
requests keep being answered. Games take turns: the bots of one game move for `Limits.bot_slice_s`, the
game is stored and its watchers woken, then the next game waiting gets its turn. A search bot's decision
is cut at `Limits.bot_decision_s` (it takes its best option so far). A bot that fails stops its game's
bots (the seats' state says so, the server's log has the details); a restart tries again.

The thread starts when work arrives and ends when there is none, so an idle server holds no thread.
"""

from __future__ import annotations

import logging
import threading
import time
from collections import deque
from typing import TYPE_CHECKING

from ....engine.playout import Asking, play_out
from ..seat import HUMAN, bot_choice, names

if TYPE_CHECKING:
    from .hub import Hub
    from .tables import Table

log = logging.getLogger("rulewright.serve")


class BotRunner:
    def __init__(self, hub: Hub):
        self.hub = hub
        self.waiting: deque[str] = deque()  # ids of games whose bots are to move, first come first served
        self._cond = threading.Condition()
        self._thread: threading.Thread | None = None
        self._busy = False

    def queued(self) -> int:
        with self._cond:
            return len(self.waiting) + self._busy

    def schedule(self, table: Table) -> None:
        """Let the bots of `table` move soon, when the pending decision is a bot's."""
        d = table.game.pending
        if d is None or table.kinds[d.player] == HUMAN or table.failure:
            return
        with self._cond:
            if table.id not in self.waiting:
                self.waiting.append(table.id)
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="rulewright-bots", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def wait_idle(self, timeout: float = 120.0) -> bool:
        """Wait until no bot has anything to do, or the bots stopped with the server (tests and orderly
        stops); False on timeout."""
        deadline = time.monotonic() + timeout
        with self._cond:
            while self._busy or (self.waiting and self._thread is not None):
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._cond.wait(left)
        return True

    def _run(self) -> None:
        while not self.hub.closing:
            with self._cond:
                if not self.waiting:
                    self._thread = None
                    self._cond.notify_all()
                    return
                game_id = self.waiting.popleft()
                self._busy = True
            try:
                self._slice(game_id)
            except Exception:  # the thread must live on for the other games
                log.exception("rulewright serve: the bots of game %s stopped", game_id)
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()
        with self._cond:
            self._thread = None
            self._cond.notify_all()

    def _slice(self, game_id: str) -> None:
        """Bots of one game move for one slice; the game is stored, watchers woken, the game queued again."""
        hub = self.hub
        table = hub.table(game_id, schedule=False)
        limits = hub.limits
        with table.lock:
            if hub.tables.get(table.id) is not table:  # let go from memory meanwhile: take the stored game
                with self._cond:
                    self.waiting.append(game_id)
                return
            game = table.game
            start = len(game.actions)
            until = time.monotonic() + limits.bot_slice_s
            try:
                # bot_choice is looked up at each call (a test may replace it); a bot is made afresh per decision
                play_out(game, lambda p: Asking(lambda g, d: bot_choice(g, table.kinds[d.player],
                                                                        time_cap=limits.bot_decision_s)),
                         stop=lambda g: (table.kinds[g.pending.player] == HUMAN or time.monotonic() >= until
                                         or hub.closing))
            except Exception:
                who = names(game)[game.pending.player] if game.pending is not None else "a bot"
                log.exception("rulewright serve: the bot of %s in game %s could not move", who, game_id)
                table.failure = f"the bot of {who} could not move (the server's log says why); restart the server " \
                                "to try again"
            if len(game.actions) > start:
                hub.commit(table, start)
            elif table.failure:
                hub.notify(table.id)
        self.schedule(table)
