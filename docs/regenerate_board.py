"""Draw docs/board.svg again, by the very commands README.md says made it ("Seeing a game").

    python docs/regenerate_board.py

tests/install/test_readme_commands.py runs the same commands and compares the picture byte for byte, so a
change of rules or bots that changes that game makes the test say to run this script."""

from __future__ import annotations

import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURE = "docs/board.svg"


def claimed_commands(readme: str) -> tuple[list[str], list[str]]:
    """The play and render commands README's "Seeing a game" names for docs/board.svg."""
    section = readme.split("## Seeing a game", 1)[1].split("\n## ", 1)[0]
    found = [shlex.split(" ".join(c.split())) for c in re.findall(r"`(rulewright (?:play|render)[^`]*)`", section)]
    play = next(c for c in found if c[1] == "play")
    render = next(c for c in found if c[1] == "render" and PICTURE in c)
    return play, render


def draw(out: Path) -> None:
    """Run the README's commands in a scratch folder, the picture written to `out`."""
    play, render = claimed_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    with tempfile.TemporaryDirectory() as scratch:
        run = [sys.executable, "-m", "rulewright.tools.cli"]
        subprocess.run(run + play[1:], cwd=scratch, check=True, capture_output=True)
        subprocess.run(run + [str(out) if a == PICTURE else a for a in render[1:]], cwd=scratch, check=True,
                       capture_output=True)


if __name__ == "__main__":
    draw(ROOT / PICTURE)
    print(f"wrote {PICTURE}")
