"""Where tests find the repository and the shared test data, whichever room folder a test lives in
(tests/<room>/... or tests/tools/<room>/...) and whatever folder pytest runs from."""

from pathlib import Path

TESTS = Path(__file__).resolve().parent  # tests/: packs/, scenarios/, diagnostics/ and these helpers
ROOT = TESTS.parent  # the repository: content/, docs/, benchmarks/, README.md
