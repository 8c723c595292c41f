"""A small drawing of the spaces an option would change, for the browser seat (issue 35: a region's two
orientations drawn before the choice).

A game names, per option, spaces and the terrain each would show (its descriptor's `option_spaces`); this draws
them as flat-topped hexes in the board's own layout and colours, labelled as on the board, so the two ways
to turn an explored region can be compared at a glance.
"""

from __future__ import annotations

import math
from html import escape

from ..engine.hexgrid import axial_to_label, parse_space_id
from .render_look import TERRAIN_FILL, UNKNOWN_FILL

R = 17.0  # a hex's circumradius in the drawing, in px
SQRT3 = math.sqrt(3)


def picture(spaces: dict[str, str]) -> str:
    """An inline SVG of the spaces ({space id: terrain}); '' when there are none."""
    if not spaces:
        return ""
    hexes = {parse_space_id(s): t for s, t in spaces.items()}
    at = {h: (1.5 * R * h[0], SQRT3 * R * (h[1] + h[0] / 2)) for h in hexes}
    x0, y0 = min(x for x, _ in at.values()) - R, min(y for _, y in at.values()) - R
    w = max(x for x, _ in at.values()) + R - x0
    h = max(y for _, y in at.values()) + R - y0
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" class="option-picture" width="{w:.0f}" height="{h:.0f}" '
           f'viewBox="{x0:.1f} {y0:.1f} {w:.1f} {h:.1f}" role="img">']
    for hx, terrain in sorted(hexes.items()):
        cx, cy = at[hx]
        pts = " ".join(f"{cx + R * math.cos(math.radians(60 * i)):.1f},{cy + R * math.sin(math.radians(60 * i)):.1f}"
                       for i in range(6))
        label = axial_to_label(hx)
        out.append(f'<g data-space="{escape(label)}"><title>{escape(label)}: {escape(terrain)}</title>'
                   f'<polygon points="{pts}" fill="{TERRAIN_FILL.get(terrain, UNKNOWN_FILL)}" stroke="#fff"/>'
                   f'<text x="{cx:.1f}" y="{cy + 3:.1f}" font-size="8" text-anchor="middle">{escape(label)}</text></g>')
    out.append("</svg>")
    return "".join(out)
