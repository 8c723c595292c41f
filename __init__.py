"""rulewright: a data-driven rules interpreter for Clash of Cultures."""

__version__ = "0.2.0"
