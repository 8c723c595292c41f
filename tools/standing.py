"""Standing answers: a question a person always answers the same way in a game is asked once (issue 35).

A question is the same when its seat, decision kind, prompt and options are the same; only the kinds a
game names in its descriptor (`standing_kinds`, e.g. Clash's "Raze a size-1 city for 1 gold?") may be
answered once for the game. The terminal seat keeps them here; the page keeps its own in the browser.
"""

from __future__ import annotations

from ..engine.decision import Decision

Key = tuple[int, str, str, tuple[str, ...]]


def key(d: Decision) -> Key:
    return d.player, d.kind, d.prompt, tuple(d.options)


class Standing:
    """The standing answers of the people at one table, remembered until forgotten."""

    def __init__(self) -> None:
        self.answers: dict[Key, str] = {}

    def keep(self, d: Decision, option: str) -> None:
        self.answers[key(d)] = option

    def answer(self, d: Decision) -> str | None:
        """The standing answer to d, if the same question was answered for the game (and still is an option)."""
        option = self.answers.get(key(d))
        return option if option in d.options else None

    def forget(self, seat: int) -> list[tuple[str, str]]:
        """Forget `seat`'s standing answers; the (prompt, option) pairs forgotten."""
        gone = [(k[2], v) for k, v in self.answers.items() if k[0] == seat]
        self.answers = {k: v for k, v in self.answers.items() if k[0] != seat}
        return gone
