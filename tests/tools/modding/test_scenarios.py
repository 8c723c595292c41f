"""Every scenario file is one pytest test (the same files `rulewright test` runs)."""

from __future__ import annotations

import pytest
from rulewright.tools.modding.scenarios import find_scenarios, load_scenario, run_scenario

FILES = find_scenarios()


@pytest.mark.parametrize("path", FILES, ids=[str(f.relative_to(f.parents[1])) for f in FILES])
def test_scenario(path):
    result = run_scenario(load_scenario(path), path=str(path))
    assert result.passed, "\n".join(result.messages)
