"""Every third-party module the package or its tests import is a declared dependency (pyproject.toml's
`dependencies`, or an extra): an import served only by something another package pulled in (PyYAML came
with ray) breaks a fresh install of README's first command, which installs the `dev` extra alone."""

from __future__ import annotations

import ast
import re
import sys
import tomllib
from functools import cache
from importlib.metadata import packages_distributions
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
SKIP = {".venv", ".venv-ci", "build", ".git", "benchmarks", "examples"}
# the package, the build backend (setup.py), and the tests' own modules (shared helpers, sibling test files)
OWN = {"rulewright", "setuptools"} | {p.stem for p in (ROOT / "tests").rglob("*.py")}


def _name(requirement: str) -> str:
    return re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].strip().lower().replace("_", "-")


def declared() -> dict[str, set[str]]:
    """Extra ("" for the main dependencies) -> distribution names."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    out = {"": {_name(r) for r in project["dependencies"]}}
    for extra, reqs in project.get("optional-dependencies", {}).items():
        out[extra] = {_name(r) for r in reqs}
    return out


@cache
def _imports() -> tuple[tuple[str, str], ...]:
    """(file, top-level third-party module) for every absolute import of the sources."""
    found = []
    tops = [p for p in ROOT.iterdir() if p.name not in SKIP and not p.name.startswith(".")]
    files = [p for top in tops for p in ([top] if top.is_file() else sorted(top.rglob("*.py")))]
    for path in sorted(f for f in files if f.suffix == ".py"):
        rel = path.relative_to(ROOT)
        if SKIP & set(rel.parts):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                top = name.split(".")[0]
                if top not in sys.stdlib_module_names and top not in OWN:
                    found.append((str(rel), top))
    return tuple(found)


def imported(folder_filter) -> dict[str, list[str]]:
    """Top-level module -> files importing it, over the sources `folder_filter` keeps."""
    found: dict[str, list[str]] = {}
    for rel, top in _imports():
        if folder_filter(Path(rel)):
            found.setdefault(top, []).append(rel)
    return found


@cache
def _installed() -> dict[str, list[str]]:
    return packages_distributions()


def _distributions(module: str) -> set[str]:
    return {d.lower().replace("_", "-") for d in _installed().get(module, [])}


def test_the_package_imports_only_declared_distributions() -> None:
    deps = declared()
    allowed = set().union(*deps.values())
    missing = {m: files[:3] for m, files in imported(lambda rel: rel.parts[0] != "tests").items()
               if not _distributions(m) & allowed}
    assert not missing, f"imports of undeclared distributions (add them to pyproject.toml): {missing}"


def test_the_main_commands_need_no_extra() -> None:
    """Code outside the optional rooms (Ray's backend, PNG output, the agents' environment) imports only
    the main dependencies: README's first command installs no extra the game needs."""
    deps = declared()
    optional = {"ray": "ray", "resvg_py": "png", "pettingzoo": "env", "gymnasium": "env"}
    for module, files in imported(lambda rel: rel.parts[0] != "tests").items():
        dists = _distributions(module)
        if dists & deps[""]:
            continue
        assert module in optional, f"{module} (imported by {files[:3]}) is not a main dependency"
        assert dists & deps[optional[module]], f"{module} is not in the extra {optional[module]!r}"


def test_the_tests_import_only_what_the_test_command_installs() -> None:
    deps = declared()
    allowed = deps[""] | deps["dev"] | deps["ray"] | deps["png"] | deps["env"]
    missing = {m: files[:3] for m, files in imported(lambda rel: rel.parts[0] == "tests").items()
               if not _distributions(m) & allowed}
    assert not missing, f"tests import undeclared distributions: {missing}"
