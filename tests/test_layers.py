"""The house rules of the code's layout (docs/architecture.md), checked on the source with ast.

- no import cycle between the package's modules (imports at module level; `if TYPE_CHECKING:` ones
  are for annotations only and do not count);
- rules/clash/ imports nothing inside a function (no import dodges a cycle), and its subpackages
  import only down the layers: board, state, civilizations, actions, combat, cards, phases, bots;
- engine/ and dsl/ know no game: no import of rules/ or tools/, and no content kind of a game
  (advance, wonder, city_piece, leader ...) as a string literal;
- no module over 450 lines;
- every subpackage of rules/clash/ says in its docstring what it owns;
- tools/ is rooms (common, render, modding, seat, playtest, cli, lowest first): a room imports only
  its own room and rooms below it, no import cycle touches tools/ even counting imports inside
  functions, and every room says in its docstring what lives there and what it may import.
"""

from __future__ import annotations

import ast
from pathlib import Path

import networkx as nx
import pytest
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "rulewright"
GAME = ROOT / "rules" / "clash"
LAYERS = ["board", "state", "civilizations", "actions", "combat", "cards", "phases", "bots"]
MAX_LINES = 450
SKIP = {"tests", ".venv", ".venv-ci", "build", ".git", "benchmarks"}


def sources() -> list[Path]:
    return sorted(p for p in ROOT.rglob("*.py") if not SKIP & set(p.relative_to(ROOT).parts))


def module_name(path: Path, root: Path = ROOT) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts = parts[:-1]
    return ".".join([PACKAGE, *parts])


def imports(path: Path, root: Path = ROOT) -> list[tuple[str, bool, int]]:
    """(imported module, inside a function?, line) for each import of the package's own modules."""
    name = module_name(path, root)
    package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
    found: list[tuple[str, bool, int]] = []

    def visit(nodes: list[ast.stmt], in_function: bool) -> None:
        for node in nodes:
            if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
                continue  # annotations only
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                visit(node.body, True)
                continue
            if isinstance(node, ast.ImportFrom):
                if node.level:
                    base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                    target = ".".join(base + ([node.module] if node.module else []))
                else:
                    target = node.module or ""
                targets = [f"{target}.{a.name}" for a in node.names] if not node.module else [target]
                found.extend((t, in_function, node.lineno) for t in targets if t.startswith(PACKAGE))
            elif isinstance(node, ast.Import):
                found.extend((a.name, in_function, node.lineno) for a in node.names if a.name.startswith(PACKAGE))
            for attr in ("body", "orelse", "handlers", "finalbody"):
                inner = getattr(node, attr, None)
                if isinstance(inner, list) and not isinstance(node, ast.ClassDef | ast.FunctionDef):
                    visit(inner, in_function)
            if isinstance(node, ast.ClassDef):
                visit(node.body, in_function)

    visit(ast.parse(path.read_text(encoding="utf-8")).body, False)
    return found


def known(modules: set[str], target: str) -> str | None:
    """The module an import names (`from .x import name` names x, or x.name when that is a module)."""
    while target and target not in modules:
        target = target.rsplit(".", 1)[0] if "." in target else ""
    return target or None


def import_cycles(files: list[Path], root: Path = ROOT, inside_functions: bool = False) -> list[list[str]]:
    """The import cycles between modules (module-level imports; with `inside_functions`, all imports)."""
    modules = {module_name(p, root) for p in files}
    graph = nx.DiGraph()
    graph.add_nodes_from(modules)
    for path in files:
        for target, in_function, _ in imports(path, root):
            dest = known(modules, target)
            if dest and dest != module_name(path, root) and (inside_functions or not in_function):
                graph.add_edge(module_name(path, root), dest)
    return [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]


def test_no_import_cycle_between_modules():
    cycles = import_cycles(sources())
    assert not cycles, f"import cycles: {cycles}"


def layer_of(module: str) -> int | None:
    parts = module.split(".")
    if parts[1:3] == ["rules", "clash"] and len(parts) > 3 and parts[3] in LAYERS:
        return LAYERS.index(parts[3])
    return None


def test_rules_import_down_the_layers_and_never_inside_a_function():
    wrong = []
    for path in sorted((ROOT / "rules").rglob("*.py")):  # every game: rules/clash, rules/wonders7
        here = module_name(path)
        for target, in_function, line in imports(path):
            where = f"{path.relative_to(ROOT)}:{line} imports {target}"
            if in_function and target.startswith(f"{PACKAGE}.rules."):
                wrong.append(f"{where} inside a function")
            mine, theirs = layer_of(here), layer_of(target)
            if mine is not None and theirs is not None and theirs > mine:
                wrong.append(f"{where}: up from {LAYERS[mine]} to {LAYERS[theirs]}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("folder", ["engine", "dsl"])
def test_engine_and_dsl_import_no_rules_and_no_tools(folder):
    wrong = [f"{p.relative_to(ROOT)}:{line} imports {t}"
             for p in sorted((ROOT / folder).rglob("*.py"))
             for t, _, line in imports(p)
             if t.startswith((f"{PACKAGE}.rules", f"{PACKAGE}.tools", f"{PACKAGE}.api"))]
    assert not wrong, "\n".join(wrong)


def content_kind_words() -> set[str]:
    """Every installed game's content kinds (and Clash's types), as their vocabularies declare them."""
    vocabulary = YAML(typ="safe").load((GAME / "vocabulary.yaml").read_text(encoding="utf-8"))
    kinds = vocabulary["content_types"]
    words = set(kinds) | set(kinds.values())
    for path in sorted((ROOT / "rules").glob("*/vocabulary.yaml")):
        words |= set(YAML(typ="safe").load(path.read_text(encoding="utf-8")).get("content_types") or {})
    return words


def docstring_nodes(tree: ast.AST) -> set[int]:
    out = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(body, list) and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            out.add(id(body[0].value))
    return out


@pytest.mark.parametrize("folder", ["engine", "dsl"])
def test_engine_and_dsl_name_no_content_kind(folder):
    words = content_kind_words()
    assert {"advance", "wonder", "city_piece", "leader", "action_card", "age_card", "civ_tech"} <= words
    wrong = []
    for path in sorted((ROOT / folder).rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        docs = docstring_nodes(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs \
                    and node.value in words:
                wrong.append(f"{path.relative_to(ROOT)}:{node.lineno} names the content kind {node.value!r}")
    assert not wrong, "\n".join(wrong)


def test_no_module_over_450_lines():
    long = [f"{p.relative_to(ROOT)}: {n} lines" for p in sources()
            if (n := len(p.read_text(encoding="utf-8").splitlines())) > MAX_LINES]
    assert not long, "\n".join(long)


def test_every_layer_says_what_it_owns():
    for layer in LAYERS:
        init = GAME / layer / "__init__.py"
        assert init.exists(), f"rules/clash/{layer}/ is no package"
        doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 12, f"rules/clash/{layer}/__init__.py needs a docstring saying what it owns"
    present = {p.name for p in GAME.iterdir() if (p / "__init__.py").exists()}
    assert present <= set(LAYERS), f"a subpackage not in the layer order: {present - set(LAYERS)}"


# ---- tools/: rooms, lowest first ---------------------------------------------------------------------

ROOMS = ["common", "render", "modding", "seat", "playtest", "cli"]


def room_of(module: str) -> int | None:
    """The room of a tools module (its index in ROOMS); None outside tools/ or for tools/__init__."""
    parts = module.split(".")
    if parts[1:2] == ["tools"] and len(parts) > 2:
        return ROOMS.index(parts[2]) if parts[2] in ROOMS else -1
    return None


def test_tools_is_rooms_only():
    loose = sorted(p.name for p in (ROOT / "tools").iterdir() if p.suffix == ".py" and p.name != "__init__.py")
    rooms = sorted(p.name for p in (ROOT / "tools").iterdir() if (p / "__init__.py").exists())
    assert not loose, f"a module outside the rooms of tools/: {loose}"
    assert rooms == sorted(ROOMS), f"tools/ rooms {rooms} are not the rooms of the order {ROOMS}"


def test_tools_have_no_cycle_even_counting_imports_inside_functions():
    cycles = [c for c in import_cycles(sources(), inside_functions=True)
              if any(room_of(m) is not None for m in c)]
    assert not cycles, f"import cycles through tools/ (imports inside functions count): {cycles}"


def test_tools_rooms_import_only_down():
    wrong = []
    for path in sorted((ROOT / "tools").rglob("*.py")):
        here = room_of(module_name(path))
        for target, _, line in imports(path):
            there = room_of(target)
            if here is not None and there is not None and there > here:
                wrong.append(f"{path.relative_to(ROOT)}:{line} imports {target}: up from {ROOMS[here]} to "
                             f"{ROOMS[there]}")
    assert not wrong, "\n".join(wrong)


def test_every_room_says_what_lives_there_and_what_it_may_import():
    for room in ROOMS:
        doc = ast.get_docstring(ast.parse((ROOT / "tools" / room / "__init__.py").read_text(encoding="utf-8")))
        assert doc and len(doc.split()) >= 25 and "import" in doc, \
            f"tools/{room}/__init__.py needs a docstring saying what lives there and what it may import"


def test_the_checks_see_a_cycle_a_lazy_import_and_an_upward_one(tmp_path):
    """The checks above can fail: made-up modules that break each rule are caught."""
    (tmp_path / "rules" / "clash" / "state").mkdir(parents=True)
    (tmp_path / "rules" / "clash" / "state" / "a.py").write_text("from . import b\n")
    (tmp_path / "rules" / "clash" / "state" / "b.py").write_text(
        "from .a import x\n\n\ndef f():\n    from ..phases.turn import y\n")
    files = sorted(tmp_path.rglob("*.py"))
    assert import_cycles(files, tmp_path) == [[f"{PACKAGE}.rules.clash.state.a", f"{PACKAGE}.rules.clash.state.b"]]
    found = imports(tmp_path / "rules" / "clash" / "state" / "b.py", tmp_path)
    assert (f"{PACKAGE}.rules.clash.phases.turn", True, 5) in found
    assert layer_of(f"{PACKAGE}.rules.clash.phases.turn") > layer_of(f"{PACKAGE}.rules.clash.state.b")


def test_the_tools_checks_see_a_cycle_through_a_function_and_an_upward_room(tmp_path):
    """A cycle closed by an import inside a function, and a room importing a higher one, are caught."""
    (tmp_path / "tools" / "seat").mkdir(parents=True)
    (tmp_path / "tools" / "seat" / "play.py").write_text("from .human import x\n")
    (tmp_path / "tools" / "seat" / "human.py").write_text(
        "def f():\n    from .play import y\n    from ..playtest.simulate import z\n")
    files = sorted(tmp_path.rglob("*.py"))
    assert import_cycles(files, tmp_path) == []
    assert import_cycles(files, tmp_path, inside_functions=True) == [
        [f"{PACKAGE}.tools.seat.human", f"{PACKAGE}.tools.seat.play"]]
    found = [t for t, _, _ in imports(tmp_path / "tools" / "seat" / "human.py", tmp_path)]
    assert room_of(found[1]) > room_of(f"{PACKAGE}.tools.seat.human")


def test_every_import_of_the_package_names_a_module_that_exists():
    """Imports inside functions and under TYPE_CHECKING run late or never, so a stale path after a module
    moves would only fail when that line runs (a bench section, a type check): check them all here."""
    missing = []
    for path in sources():
        name = module_name(path)
        package = name if path.name == "__init__.py" else name.rsplit(".", 1)[0]
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.ImportFrom) or not node.module:
                continue
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - (node.level - 1)] + node.module.split(".")
            else:
                parts = node.module.split(".")
            if parts[0] != PACKAGE:
                continue
            where = ROOT.joinpath(*parts[1:])
            if not (where.with_suffix(".py").is_file() or (where / "__init__.py").is_file()):
                missing.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {'.'.join(parts)}, which does not exist")
    assert not missing, "\n".join(missing)
