"""Decisions: whenever someone must choose, the engine stops and lists the legal options.

An option is a short string (an id, a space "q,r", "yes"/"no", an index); `labels` say it in
words for people. The only input to a game is `apply({"player": p, "choice": option})`.
"""

from __future__ import annotations

from collections.abc import Generator
from contextvars import ContextVar
from dataclasses import dataclass, field

# Decisions taken without asking (a single legal option), recorded while a list is set here: a scenario
# sets one so that it can say which decisions were answered for the player (tools/scenarios.py). Not state.
AUTO_PICKS: ContextVar[list | None] = ContextVar("auto_picks", default=None)


@dataclass
class Decision:
    player: int
    kind: str
    prompt: str
    options: list[str]
    labels: list[str] = field(default_factory=list)
    # options the rules did not offer, with the reason (a card whose procedure could do nothing now): an
    # attempt to take one is refused with the reason instead of a bare "not a legal choice"
    refused: dict[str, str] = field(default_factory=dict)

    def label(self, option: str) -> str:
        try:
            i = self.options.index(option)
        except ValueError:
            return option
        return self.labels[i] if i < len(self.labels) else option

    def to_json(self) -> dict:
        out = {"player": self.player, "kind": self.kind, "prompt": self.prompt, "options": list(self.options)}
        if self.labels:
            out["labels"] = list(self.labels)
        if self.refused:
            out["refused"] = dict(self.refused)
        return out


def ask(player: int, kind: str, prompt: str, options: list[str], labels: list[str] | None = None,
        refused: dict[str, str] | None = None, always: bool = False) -> Generator:
    """A rule's question to a player: stop the flow with a Decision and return the chosen option.
    A single option is taken without asking (unless `always`: the decision shows the player something, as
    a card's look at another player's hand, and waits until it is seen); no option at all is a rules error."""
    if not options:
        raise RuntimeError(f"no options for decision '{prompt}'")
    if len(options) == 1 and not always:
        record = AUTO_PICKS.get()
        if record is not None:
            record.append(Decision(player, kind, prompt, list(options), list(labels or [])))
        return options[0]
    choice = yield Decision(player, kind, prompt, list(options), list(labels or []), dict(refused or {}))
    return choice


def choose_one(player: int, prompt: str, labels: list[str]) -> Generator:
    """An effect's choice between the labelled alternatives: returns the index of the one chosen."""
    choice = yield from ask(player, "choose", prompt, [str(i) for i in range(len(labels))], labels)
    return int(choice)


def confirm(player: int, prompt: str) -> Generator:
    """A yes-or-no question (an optional ability: use it?); returns True for yes."""
    choice = yield from ask(player, "confirm", prompt, ["yes", "no"], ["yes", "no"])
    return choice == "yes"


class IllegalAction(Exception):
    """An action the game cannot take now; the game is left exactly as it was."""


class RunawayEffect(Exception):
    """Content that keeps triggering itself; stopped by a limit, naming the entries involved."""

    def __init__(self, message: str, sources: list[str]):
        super().__init__(message)
        self.sources = sources
