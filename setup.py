"""Packaging by discovery: every folder of the checkout that holds an `__init__.py` (the tests, benchmarks
and examples aside) is a subpackage of `rulewright`, and the data files beside the code ship with it.

The checkout itself is the `rulewright` package (`package_dir={"rulewright": "."}`), which setuptools'
declarative `packages.find` cannot express (it would find `engine`, not `rulewright.engine`), so the walk is
written here. Everything else about the project is declared in pyproject.toml.
"""

import re
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent
CODE = ("engine", "dsl", "rules", "tools", "env", "content")  # the folders the package is made of
DATA = ("*.yaml", "*.json", "*.lark", "*.txt", "*.md")  # the data files a package's folders may hold


def _packages() -> list[str]:
    found = ["rulewright"]
    for top in CODE:
        for init in sorted((ROOT / top).rglob("__init__.py")):
            folder = init.parent.relative_to(ROOT)
            if "__pycache__" not in folder.parts:
                found.append(".".join(("rulewright", *folder.parts)))
    return found


def _package_data(packages: list[str]) -> dict[str, list[str]]:
    """Each package carries the data files of its own folder and of the data-only folders below it (a
    folder below that is itself a package carries its own)."""
    owned = {tuple(p.split(".")[1:]) for p in packages}
    data: dict[str, list[str]] = {}
    for package in packages[1:]:  # the checkout's root holds no data the package needs
        parts = tuple(package.split(".")[1:])
        base = ROOT.joinpath(*parts)
        files = []
        for path in sorted(base.rglob("*")):
            if not path.is_file() or not any(path.match(pattern) for pattern in DATA):
                continue
            rel = path.relative_to(base)
            # the deepest package folder holding the file owns it
            owner = max((o for o in owned if path.parent.relative_to(ROOT).parts[: len(o)] == o), key=len)
            if owner == parts and "__pycache__" not in rel.parts:
                files.append(rel.as_posix())
        if files:
            data[package] = files
    return data


class _BuildPy(build_py):
    """The root package's modules are the checkout's top-level files, except this script."""

    def find_package_modules(self, package: str, package_dir: str) -> list[tuple[str, str, str]]:
        found = super().find_package_modules(package, package_dir)
        return [m for m in found if not (package == "rulewright" and m[1] == "setup")]


PACKAGES = _packages()
VERSION = re.search(r'^__version__ = "([^"]+)"', (ROOT / "__init__.py").read_text(encoding="utf-8"), re.M)
setup(
    version=VERSION.group(1) if VERSION else "0",
    packages=PACKAGES,
    package_dir={"rulewright": "."},
    package_data=_package_data(PACKAGES),
    cmdclass={"build_py": _BuildPy},
)
