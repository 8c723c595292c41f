"""`python -m rulewright.tools.cli`: the same command line as the `rulewright` script."""

from .app import main

main()
