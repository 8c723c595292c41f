"""No rule limit hides in Python: every bare number in a game's rules modules is listed in docs/constants.md.

The audit (docs/constants.md) says, for each number left in the Python of rules/<game>/, why it is not
a rule a card could change (an index, a cache bound, a bot's tuning, a drawing's size ...); the limits a
card could change are quantities or rules data instead. This test walks the syntax tree of every module
of rules/*/ and fails on a number the audit does not list, naming the row to add, and on a row that
no longer matches anything, so the page stays true.

What counts as a bare number: an int or float literal (a negative one too). Two values are exempt: 0,
and 1 except in a comparison (`x > 1` may be a rule; `x + 1`, `x[1]`, `range(1, n)` count by one or
index), since they are the identities of counting; a comparison inside an f-string (an English plural)
is exempt too. `-1` as a subscript or a slice's bound (the last item) is an index.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
AUDIT = ROOT / "docs" / "constants.md"
ROW = re.compile(r"^\|\s*`?(rules/[^|`]+?)`?\s*\|([^|]+)\|([^|]+)\|")


def _value(node: ast.AST) -> int | float | None:
    """The number a literal writes (a negated literal as a negative number), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _value(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) in (int, float):
        return node.value
    return None


def show(value: int | float) -> str:
    """How the audit writes a number."""
    return repr(value)


class _Numbers(ast.NodeVisitor):
    """(where, number) of every bare number of one module; `where` is the enclosing def's dotted name."""

    def __init__(self) -> None:
        self.scope: list[str] = []
        self.found: list[tuple[str, str, int]] = []
        self.in_fstring = 0
        self.compared: set[int] = set()
        self.indexes: set[int] = set()

    def _enter(self, node, name: str) -> None:
        self.scope.append(name)
        self.generic_visit(node)
        self.scope.pop()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        self._enter(node, node.name)

    visit_AsyncFunctionDef = visit_FunctionDef

    def visit_ClassDef(self, node: ast.ClassDef) -> None:
        self._enter(node, node.name)

    def visit_JoinedStr(self, node: ast.JoinedStr) -> None:
        self.in_fstring += 1
        self.generic_visit(node)
        self.in_fstring -= 1

    def visit_Compare(self, node: ast.Compare) -> None:
        if not self.in_fstring:
            self.compared.update(id(n) for n in [node.left, *node.comparators])
        self.generic_visit(node)

    def visit_Subscript(self, node: ast.Subscript) -> None:
        sl = node.slice
        self.indexes.update(id(n) for n in ([sl.lower, sl.upper, sl.step] if isinstance(sl, ast.Slice) else [sl]))
        self.generic_visit(node)

    def visit_UnaryOp(self, node: ast.UnaryOp) -> None:
        value = _value(node)
        if value is None:
            self.generic_visit(node)
            return
        self._number(node, value)

    def visit_Constant(self, node: ast.Constant) -> None:
        value = _value(node)
        if value is not None:
            self._number(node, value)

    def _number(self, node: ast.AST, value: int | float) -> None:
        if value == 0 or (value == 1 and id(node) not in self.compared) or (value == -1 and id(node) in self.indexes):
            return
        self.found.append((".".join(self.scope) or "<module>", show(value), node.lineno))


def numbers_in(path: Path) -> list[tuple[str, str, int]]:
    """(where, number, line) of every bare number the audit must account for in one module."""
    visitor = _Numbers()
    visitor.visit(ast.parse(path.read_text(encoding="utf-8")))
    return visitor.found


def _cells(text: str) -> set[str]:
    return {n.strip().strip("`") for n in text.split(",")}


def audit_rows(text: str) -> list[tuple[str, set[str], set[str]]]:
    """(module or folder, functions, numbers) of every row of the audit's tables naming a rules module."""
    out = []
    for line in text.splitlines():
        m = ROW.match(line)
        if m:
            out.append((m.group(1).strip(), _cells(m.group(2)), _cells(m.group(3))))
    return out


def _listed(rows, module: str, where: str, number: str) -> int | None:
    """The index of the first row accounting for the number, else None (a row naming a function covers
    the functions defined inside it too)."""
    for i, (mod, ats, nums) in enumerate(rows):
        if not (module == mod or (mod.endswith("/") and module.startswith(mod))):
            continue
        if "*" not in ats and where not in ats and not any(where.startswith(at + ".") for at in ats):
            continue
        if "*" in nums or number in nums:
            return i
    return None


# The games audited so far: 7 Wonders and Civilization join once their re-layering (issue 48) has landed,
# so that the audit names their modules where they will stay.
AUDITED = ("clash", "wonders7", "civ_board")


def rules_modules() -> list[Path]:
    return sorted(p for game in AUDITED for p in (ROOT / "rules" / game).glob("**/*.py") if p.is_file())


def test_every_number_in_the_rules_python_is_in_the_audit():
    rows = audit_rows(AUDIT.read_text(encoding="utf-8"))
    used: set[int] = set()
    missing = []
    for path in rules_modules():
        module = path.relative_to(ROOT).as_posix()
        for where, number, line in numbers_in(path):
            i = _listed(rows, module, where, number)
            if i is None:
                missing.append(f"{module}:{line}: {number} in {where}: add the row "
                               f"`| {module} | {where} | {number} | why it is not a rule |` to docs/constants.md, "
                               "or make it rules data or a quantity")
            else:
                used.add(i)
    assert not missing, "numbers in the rules' Python that the audit does not list:\n" + "\n".join(missing)
    stale = [" | ".join([mod, ", ".join(sorted(ats)), ", ".join(sorted(nums))])
             for i, (mod, ats, nums) in enumerate(rows) if i not in used]
    assert not stale, "rows of docs/constants.md that match no number any more (remove them):\n" + "\n".join(stale)


def test_the_scan_finds_rule_numbers_and_spares_counting(tmp_path):
    src = tmp_path / "m.py"
    src.write_text("def f(xs, n):\n    if len(xs) > 1 and n >= 4:\n        return xs[-1] + 1\n"
                   "    print(f\"{n} item{'s' if n != 1 else ''}\")\n    return n // 5 - 2.5\n", encoding="utf-8")
    got = [(w, n) for w, n, _ in numbers_in(src)]
    assert got == [("f", "1"), ("f", "4"), ("f", "5"), ("f", "2.5")]


def test_audit_rows_read_folders_functions_and_several_numbers():
    rows = audit_rows("| rules/x/bots/ | * | * | tuning |\n| `rules/x/a.py` | `f`, g | 2, 99 | why |\n| other | a | b |")
    assert rows == [("rules/x/bots/", {"*"}, {"*"}), ("rules/x/a.py", {"f", "g"}, {"2", "99"})]
    assert _listed(rows, "rules/x/bots/b.py", "g", "7") == 0
    assert _listed(rows, "rules/x/a.py", "f.inner", "99") == 1
    assert _listed(rows, "rules/x/a.py", "g", "2") == 1
    assert _listed(rows, "rules/x/a.py", "h", "2") is None
    assert _listed(rows, "rules/x/a.py", "f", "3") is None
