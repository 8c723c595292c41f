"""Secrecy is the game's own: no overlay may change what each seat is allowed to see.

A game declares its hidden information in its own `game.yaml` (`hidden:`: what views drop, count or show
only to their owner; engine/hidden.py applies it), and declares the ranges its numbers may take
(`ranges:`, dsl/overlay_values.py). Every other key of the rules data is a variant's to change. These
two are not: a variant that wrote `hidden: {$delete: [owner_only]}` would show every seat every hand and
the deck order, and one that widened `ranges:` would let any value through. So every overlay of the
rules data (a pack's `rules:`, a variant file, a `PATH=VALUE` setting of sweep and compare, and any later
tuner) is checked here before it is applied (dsl/rules_data.py, dsl/rules_paths.py), and lint reports
the same thing as E0049 (dsl/overlay_check.py). A game that needs other secrecy declares it in its own
rules: a new game folder (rules/<game>/game.yaml), not an overlay of another game.
"""

from __future__ import annotations

from typing import Any

from .overlay import DELETE, REPLACE, OverlayError, apply, overlay_of

GAME_OWN_KEYS = ("hidden", "ranges")  # top-level keys of the rules data no overlay may touch
WHERE = ("a game declares what each seat may see under `hidden:`, and the ranges of its numbers under "
         "`ranges:`, in its own rules/<game>/game.yaml (docs/hidden-information.md); a game that needs other "
         "secrecy is written as a game of its own")


def touched(overlay: Any, base: Any = None) -> list[str]:
    """The game's own keys an overlay names or would change (empty: none)."""
    if not isinstance(overlay, dict):  # a plain value replaces the whole rules data
        return [k for k in GAME_OWN_KEYS if isinstance(base, dict) and k in base]
    found = [k for k in GAME_OWN_KEYS if k in overlay]
    gone = overlay.get(DELETE)
    for k in gone if isinstance(gone, list) else [gone]:
        if k in GAME_OWN_KEYS and k not in found:
            found.append(k)
    if REPLACE in overlay:
        new = overlay[REPLACE] if isinstance(overlay[REPLACE], dict) else {}
        old = base if isinstance(base, dict) else {}  # no base given: naming a key at all touches it
        found += [k for k in GAME_OWN_KEYS if k not in found and (k in new if not old else new.get(k) != old.get(k))]
    return found


def variant_touches(data: Any) -> bool:
    """Does a variant file's data (name, text, game and its overlay) touch the game's own keys? The set-up
    page of `serve` never offers such a file."""
    return isinstance(data, dict) and bool(touched(overlay_of(data)))


def refusal(keys: list[str]) -> str:
    """Why an overlay naming `keys` is refused."""
    named = " and ".join(f"`{k}:`" for k in keys)
    return f"{named} {'is' if len(keys) == 1 else 'are'} the game's own: no variant, setting or pack may change " \
           f"{'it' if len(keys) == 1 else 'them'}; {WHERE}"


def check_overlay(base: Any, overlay: Any) -> None:
    """Refuse (OverlayError, changing nothing) an overlay that touches the game's own keys of `base`."""
    keys = touched(overlay, base)
    if keys:
        raise OverlayError(keys[0], refusal(keys))


def guarded_apply(base: dict, overlay: Any) -> dict:
    """`base` with `overlay` applied, after `check_overlay`; the result's own keys are checked again, so no
    spelling of an overlay (today's operators or a later one) slips a change of secrecy through."""
    check_overlay(base, overlay)
    after = apply(base, overlay)
    changed = [k for k in GAME_OWN_KEYS if not isinstance(after, dict) or after.get(k) != base.get(k)]
    if changed:
        raise OverlayError(changed[0], refusal(changed))
    return after
