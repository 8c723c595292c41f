"""The house rules of the code's layout (docs/architecture.md), checked on the source with ast.

- no import cycle between the package's modules (imports at module level; `if TYPE_CHECKING:` ones
  are for annotations only and do not count);
- every game (engine.games.installed(), and any package under rules/) declares `LAYERS` in its
  __init__.py, lowest first, naming each of its modules and subpackages once; its modules import only
  their own layer or lower ones (never the game's __init__, never another game), nothing inside a
  function, and a name imported under `if TYPE_CHECKING:` serves only in annotations;
  every game is layered as rules/clash/ is: its lowest layer holds its registry (where a call that must
  go up is looked up by name), every layer between the lowest and the highest is made of subpackages that
  follow its rulebook, no import cycle is left even counting imports inside functions, and each game
  keeps its subpackage order (ORDERS);
- engine/ and dsl/ know no game: no import of rules/ or tools/, and no content kind of a game
  (advance, wonder, city_piece, leader ...) as a string literal;
- no module over 450 lines;
- every subpackage of a game says in its docstring what it owns;
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
from rulewright.engine.games import installed

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = "rulewright"
GAME = ROOT / "rules" / "clash"
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


# ---- rules/<game>/: every game declares its layers -----------------------------------------------------


def game_folders(root: Path = ROOT) -> list[Path]:
    """Every game's folder: the installed games (engine.games.installed()) and any package under rules/."""
    ids = set(installed()) if root == ROOT else set()
    ids |= {p.name for p in (root / "rules").iterdir() if (p / "__init__.py").is_file()}
    return [root / "rules" / game for game in sorted(ids)]


def declared_layers(folder: Path) -> list[tuple[str, ...]] | None:
    """The game's `LAYERS` (its __init__.py), lowest first, each layer a tuple of member names; None if absent."""
    init = folder / "__init__.py"
    tree = ast.parse(init.read_text(encoding="utf-8")) if init.is_file() else ast.Module(body=[], type_ignores=[])
    for node in tree.body:
        targets = node.targets if isinstance(node, ast.Assign) else [node.target] if isinstance(node, ast.AnnAssign) else []
        if any(isinstance(t, ast.Name) and t.id == "LAYERS" for t in targets) and node.value is not None:
            return [(layer,) if isinstance(layer, str) else tuple(layer) for layer in ast.literal_eval(node.value)]
    return None


def members(folder: Path) -> set[str]:
    """The modules and subpackages directly in a game's folder (its __init__.py aside)."""
    return {p.stem for p in folder.glob("*.py") if p.name != "__init__.py"} | \
        {p.name for p in folder.iterdir() if (p / "__init__.py").is_file()}


def layering_errors(folder: Path, root: Path = ROOT) -> list[str]:
    """What breaks the game's declared order: a missing or incomplete LAYERS, an import that goes up a
    layer, into the game's own __init__ (the top) or into another game, an import inside a function."""
    where = folder.relative_to(root)
    layers = declared_layers(folder)
    if layers is None:
        return [f"{where}/__init__.py declares no LAYERS: add a module-level LAYERS = (...) naming every module "
                f"and subpackage of {where}/, lowest layer first, a tuple of names for a layer of several "
                f"(docs/architecture.md, 'every game declares its layers')"]
    level = {name: i for i, layer in enumerate(layers) for name in layer}
    named = [name for layer in layers for name in layer]
    errors = [f"{where}/__init__.py LAYERS names {n!r} twice" for n in sorted({n for n in named if named.count(n) > 1})]
    errors += [f"{where}/__init__.py LAYERS names {n!r}, which is no module or subpackage of {where}/"
               for n in sorted(set(level) - members(folder))]
    errors += [f"{where}/{n} is in no layer: add it to LAYERS in {where}/__init__.py, in the lowest layer above "
               f"everything it imports" for n in sorted(members(folder) - set(level))]
    files = sorted(folder.rglob("*.py"))
    modules = {module_name(p, root) for p in files}
    game = module_name(folder / "__init__.py", root)
    for path in files:
        here = module_name(path, root)
        mine = here[len(game) + 1:].split(".")[0] if here != game else None
        for target, in_function, line in imports(path, root):
            at = f"{path.relative_to(root)}:{line} imports {target}"
            if in_function:  # of the package's own modules (a lazy third-party library is another matter)
                errors.append(f"{at} inside a function (import at the top; a call upward goes through registry.py)")
            if target.startswith(f"{PACKAGE}.rules.") and not (target + ".").startswith(game + "."):
                errors.append(f"{at}: a game imports no other game")
            dest = known(modules, target)
            if mine is None or dest is None:
                continue  # the game's __init__ is the top: it may import every layer
            if dest == game:
                errors.append(f"{at}: the game's __init__ is above every layer")
                continue
            theirs = dest[len(game) + 1:].split(".")[0]
            if mine in level and theirs in level and level[theirs] > level[mine]:
                errors.append(f"{at}: up from layer {level[mine]} ({mine}) to layer {level[theirs]} ({theirs})")
    cycles = import_cycles(files, root)
    errors += [f"{where}: import cycle {cycle}" for cycle in cycles]
    return errors


def type_only_names_in_code(path: Path, root: Path = ROOT) -> list[str]:
    """Names imported under `if TYPE_CHECKING:` that are used outside annotations (they would not exist)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    hidden: set[str] = set()
    skip: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            skip |= {id(n) for n in ast.walk(node)}
            for imp in ast.walk(node):
                if isinstance(imp, (ast.Import, ast.ImportFrom)):
                    hidden |= {(a.asname or a.name).split(".")[0] for a in imp.names}
        notes = [getattr(node, "returns", None), getattr(node, "annotation", None)]
        skip |= {id(n) for note in notes if isinstance(note, ast.AST) for n in ast.walk(note)}
    return [f"{path.relative_to(root)}:{n.lineno} uses {n.id}, imported only for type hints, in code"
            for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in hidden and id(n) not in skip]


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_every_game_imports_down_its_declared_layers(folder):
    errors = layering_errors(folder)
    errors += [e for p in sorted(folder.rglob("*.py")) for e in type_only_names_in_code(p)]
    assert not errors, "\n".join(errors)


def test_every_game_is_checked():
    found = {p.name for p in game_folders()}
    assert {"clash", "wonders7", "civ_board"} <= found


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


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_every_subpackage_of_a_game_says_what_it_owns(folder):
    for layer in declared_layers(folder) or []:
        for name in layer:
            init = folder / name / "__init__.py"
            if init.is_file():
                doc = ast.get_docstring(ast.parse(init.read_text(encoding="utf-8")))
                assert doc and len(doc.split()) >= 12, \
                    f"{init.relative_to(ROOT)} needs a docstring saying what it owns"


# Each game's subpackages, lowest first, as its rulebook orders them (docs/architecture.md).
ORDERS = {
    "clash": ["board", "state", "civilizations", "actions", "combat", "cards", "phases", "bots"],
    "civ_board": ["board", "state", "cards", "combat", "phases", "bots", "seat"],
    "wonders7": ["state", "city", "commerce", "scoring", "actions", "phases", "bots", "seat"],
}


def subpackages(folder: Path) -> list[str]:
    """The game's subpackages in the order its LAYERS declares them."""
    return [name for layer in declared_layers(folder) or [] for name in layer if (folder / name).is_dir()]


def layered_as_clash_errors(folder: Path, root: Path = ROOT) -> list[str]:
    """What keeps a game from being layered as Clash is: no registry in the lowest layer, a middle layer that
    holds a loose module, an import cycle counting imports inside functions."""
    where = folder.relative_to(root)
    layers = declared_layers(folder) or []
    errors = []
    if not layers or "registry" not in layers[0] or not (folder / "registry.py").is_file():
        errors.append(f"{where}: the lowest layer holds no registry.py (where a call that must go up is looked "
                      f"up by name)")
    for i, layer in enumerate(layers[1:-1], start=1):
        if loose := [name for name in layer if not (folder / name).is_dir()]:
            errors.append(f"{where}: layer {i} holds the loose modules {loose} (between the registry and what the "
                          f"tools read, every layer is made of subpackages named for parts of the rulebook)")
    if len(subpackages(folder)) < 3:
        errors.append(f"{where}: {len(subpackages(folder))} subpackages; split the rules into subpackages that "
                      f"follow the rulebook, as rules/clash/ is")
    errors += [f"{where}: import cycle {cycle} (imports inside functions count)"
               for cycle in import_cycles(sorted(folder.rglob("*.py")), root, inside_functions=True)]
    return errors


@pytest.mark.parametrize("folder", game_folders(), ids=lambda p: p.name)
def test_every_game_is_layered_in_subpackages_as_clash_is(folder):
    errors = layered_as_clash_errors(folder)
    assert not errors, "\n".join(errors)
    assert folder.name in ORDERS, f"give {folder.name} its subpackage order in ORDERS ({subpackages(folder)})"
    assert subpackages(folder) == ORDERS[folder.name]


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


def test_the_game_checks_see_a_missing_order_a_stray_module_an_upward_and_a_lazy_import(tmp_path):
    """A made-up game without LAYERS, and one whose modules break its declared order, are caught."""
    bare, fake = tmp_path / "rules" / "bare", tmp_path / "rules" / "fake"
    bare.mkdir(parents=True)
    fake.mkdir()
    (bare / "__init__.py").write_text("")
    (bare / "flow.py").write_text("")
    (fake / "__init__.py").write_text('LAYERS = ("low", ("mid", "gone"), "top")\nfrom . import top\n')
    (fake / "low.py").write_text("from .top import x\n")
    (fake / "mid.py").write_text("from . import low\n\n\ndef f():\n    from .low import y\n")
    (fake / "top.py").write_text("from .mid import z\nfrom ..bare import flow\n")
    (fake / "stray.py").write_text("from . import LAYERS\n")
    (fake / "hints.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .top import T\n\n\n"
        "def f(t: T) -> T:\n    return T()\n")
    assert [p.name for p in game_folders(tmp_path)] == ["bare", "fake"]
    [missing] = layering_errors(bare, tmp_path)
    assert "rules/bare/__init__.py declares no LAYERS: add a module-level LAYERS" in missing
    errors = "\n".join(layering_errors(fake, tmp_path))
    assert "LAYERS names 'gone', which is no module" in errors
    assert "rules/fake/stray is in no layer" in errors and "rules/fake/hints is in no layer" in errors
    assert "rules/fake/low.py:1 imports rulewright.rules.fake.top: up from layer 0 (low) to layer 2 (top)" in errors
    assert "rules/fake/mid.py:5 imports rulewright.rules.fake.low inside a function" in errors
    assert "rules/fake/top.py:2 imports rulewright.rules.bare: a game imports no other game" in errors
    assert "rules/fake/stray.py:1 imports rulewright.rules.fake.LAYERS: the game's __init__ is above every layer" \
        in errors
    assert "import cycle ['rulewright.rules.fake.low', 'rulewright.rules.fake.mid'" in errors
    assert "rules/fake/__init__.py:" not in errors  # the game's __init__ may import every layer
    assert type_only_names_in_code(fake / "hints.py", tmp_path) == [
        "rules/fake/hints.py:7 uses T, imported only for type hints, in code"]


def test_the_layered_as_clash_check_sees_a_flat_game_and_a_lazy_cycle(tmp_path):
    """A game of flat modules, and one whose subpackages close a cycle inside a function, are caught."""
    flat, deep = tmp_path / "rules" / "flat", tmp_path / "rules" / "deep"
    flat.mkdir(parents=True)
    (flat / "__init__.py").write_text('LAYERS = ("registry", ("rules", "more"), "bots")\n')
    for name in ("registry", "rules", "more", "bots"):
        (flat / f"{name}.py").write_text("")
    errors = "\n".join(layered_as_clash_errors(flat, tmp_path))
    assert "layer 1 holds the loose modules ['rules', 'more']" in errors
    assert "rules/flat: 0 subpackages" in errors
    for name in ("board", "state", "phases"):
        (deep / name).mkdir(parents=True)
        (deep / name / "__init__.py").write_text("")
    (deep / "__init__.py").write_text('LAYERS = ("names", "board", "state", "phases")\n')
    (deep / "names.py").write_text("")
    (deep / "board" / "map.py").write_text("def f():\n    from ..phases.turn import x\n")
    (deep / "phases" / "turn.py").write_text("from ..board.map import f\n")
    errors = "\n".join(layered_as_clash_errors(deep, tmp_path))
    assert "rules/deep: the lowest layer holds no registry.py" in errors
    assert "import cycle ['rulewright.rules.deep.board.map', 'rulewright.rules.deep.phases.turn'] (imports inside " \
        "functions count)" in errors
    assert "loose modules" not in errors


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
