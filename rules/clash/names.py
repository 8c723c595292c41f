"""Names the rules share across layers: pseudo-entries, the hand kind, and the sides owned by no player."""

from __future__ import annotations

RULES_SOURCE = "rules"  # the pseudo-entry whose abilities are the standing rules
BARBARIAN = -1  # the barbarians' owner
PIRATES = -2  # the pirate ships' owner (the Civilizations expansion); barbarians are -1
HAND_KIND = "action_card"  # abilities of cards in hand work for their holder; using one plays the card


def combat_source(card: str) -> str:
    """The pseudo-entry of an action card's combat half."""
    return f"{card}:combat"


def start_tile(civilization: str) -> str:
    """The tile id of a civilisation's alternate starting region."""
    return f"start-{civilization}"


def with_article(word: str) -> str:
    """A log line's indefinite article for a name: 'an' before a vowel sound, else 'a'."""
    return ("an " if word[:1].lower() in "aeiou" and not word.lower().startswith(("uni", "use")) else "a ") + word


def hits(n: int) -> str:
    """'1 hit', '2 hits': a combat roll's hits in words."""
    return f"{n} hit" if n == 1 else f"{n} hits"
