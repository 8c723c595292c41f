"""The command line itself: the `rulewright` Typer app (app.py), the top room of tools/.

It imports every room (to register their commands) and nothing imports it but the console script
(`rulewright = "rulewright.tools.cli:app"`) and tests. A new command's module goes in the room of the
people it serves; only its `register` is listed here.
"""

from .app import app

__all__ = ["app"]
