"""ARCHITECTURE.md describes the tree as it is, and the tree keeps the limits of its layout."""
from __future__ import annotations

import ast
import importlib.util
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "multivalue_cli"
RULES = ROOT / "rules"
DOC = (ROOT / "ARCHITECTURE.md").read_text("utf-8")
# Folders whose every module the document names (learner/ and review/ it describes as a whole).
ENUMERATED = [PACKAGE, *(PACKAGE / name for name in ("engine", "io", "run", "reports")),
              RULES, *(p.parent for p in RULES.glob("*/__init__.py"))]
MAX_TOP_LEVEL_MODULES = 12
MAX_MODULE_LINES = 700
MAX_COMMAND_LINE_LINES = 400  # the command line parses and hands off
MAX_NAMES_DEFINED_TWICE = 10  # module-level functions of one name in several modules


def _named() -> tuple[set[Path], set[str]]:
    """The paths the document names (a backticked ``x.py`` alone is in the folder named last
    before it on its line) and the dotted module names."""
    paths, modules = set(), set()
    for line in DOC.splitlines():
        folder = None
        for token in re.findall(r"`([^`\s]+)`", line):
            if re.fullmatch(r"multivalue_cli(\.\w+)+", token):
                modules.add(token)
            elif "/" in token:
                paths.add(ROOT / token)
                if token.endswith("/"):
                    folder = ROOT / token
            elif token.endswith(".py"):
                assert folder is not None, f"{token}: no folder before it on its line: {line}"
                paths.add(folder / token)
    return paths, modules


def test_every_module_the_document_names_exists():
    paths, modules = _named()
    assert len(paths) > 50 and modules  # the document names modules, the test reads them
    assert [str(p.relative_to(ROOT)) for p in sorted(paths) if not p.exists()] == []
    assert [m for m in sorted(modules) if importlib.util.find_spec(m) is None] == []


def test_the_document_names_every_package_and_module():
    paths, _ = _named()
    packages = {p.parent for p in [*PACKAGE.rglob("__init__.py"), *RULES.rglob("__init__.py")]}
    packages |= {ROOT / "dialects"}
    modules = {p for folder in ENUMERATED for p in folder.glob("*.py")
               if p.name not in ("__init__.py", "__main__.py")}
    named = {p.resolve() for p in paths}
    missing = sorted(str(p.relative_to(ROOT)) for p in (packages - {PACKAGE}) | modules
                     if p.resolve() not in named)
    assert missing == []


def _modules() -> list[Path]:
    return [*PACKAGE.rglob("*.py"), *RULES.rglob("*.py")]


def test_top_level_modules_and_every_module_stay_small():
    assert len(list(PACKAGE.glob("*.py"))) <= MAX_TOP_LEVEL_MODULES
    long = {str(p.relative_to(ROOT)): n for p in _modules()
            if (n := len((p.read_text("utf-8")).splitlines())) > MAX_MODULE_LINES}
    assert long == {}
    assert len((PACKAGE / "cli.py").read_text("utf-8").splitlines()) <= MAX_COMMAND_LINE_LINES


def test_one_idea_is_written_once():
    """A function name defined at module level in several modules is most often one idea
    written twice (and drifting apart); a few names of a shared shape may recur."""
    defined: dict[str, set[str]] = {}
    for path in _modules():
        for node in ast.parse(path.read_text("utf-8")).body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                defined.setdefault(node.name, set()).add(str(path.relative_to(ROOT)))
    twice = {name: sorted(paths) for name, paths in defined.items() if len(paths) > 1}
    assert len(twice) <= MAX_NAMES_DEFINED_TWICE, twice


def test_pages_are_escaped_by_the_template_layer_only():
    """HTML, Markdown and YAML escaping is done where pages are rendered from their templates
    (reports/templating.py), never by hand beside the values."""
    calls = [f"{path.relative_to(ROOT)}:{node.lineno}" for path in _modules()
             if path.name != "templating.py"
             for node in ast.walk(ast.parse(path.read_text("utf-8")))
             if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) == "escape"
             and getattr(node.func, "value", None) is not None and getattr(node.func.value, "id", "") != "re"
             or isinstance(node, ast.Call) and getattr(node.func, "id", "") == "escape"]
    assert calls == []
    templates = PACKAGE / "templates"
    assert {p.suffix for p in templates.iterdir()} >= {".html", ".md"}


def test_every_package_is_in_the_wheel():
    tomllib = pytest.importorskip("tomllib")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]
    listed = set(config["packages"])
    dirs = {p.parent for p in PACKAGE.rglob("__init__.py")}
    found = {".".join(p.relative_to(ROOT).parts) for p in dirs}
    found |= {".".join(("multivalue_cli", *p.parent.relative_to(ROOT).parts))
              for p in RULES.rglob("__init__.py")}
    found.add("multivalue_cli.dialects")
    assert listed == found


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[0] == "rules":
        parts.insert(0, "multivalue_cli")
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path, name: str, known: set[str]) -> set[str]:
    """The project modules ``path`` imports, at module level or inside functions, but not
    under ``if TYPE_CHECKING:`` (never run) and not its own ancestor packages (always
    imported before it, so they cannot close a cycle)."""
    tree = ast.parse(path.read_text("utf-8"))
    type_only = {id(node) for block in ast.walk(tree)
                 if isinstance(block, ast.If) and getattr(block.test, "id", "") == "TYPE_CHECKING"
                 for node in ast.walk(block)}
    package = name.split(".") if path.name == "__init__.py" else name.split(".")[:-1]
    found = set()
    for node in ast.walk(tree):
        if id(node) in type_only:
            continue
        if isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            target = ".".join(base + ([node.module] if node.module else []))
            candidates = [target, *(f"{target}.{alias.name}" for alias in node.names)]
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        found |= {c for c in candidates if c in known and c != name and not name.startswith(c + ".")}
    return found


def test_no_import_cycles():
    files = [*PACKAGE.rglob("*.py"), *RULES.rglob("*.py")]
    names = {_module_name(p): p for p in files}
    graph = {name: _imports(path, name, set(names)) for name, path in names.items()}
    assert sum(map(len, graph.values())) > 200  # the graph was read
    cycles = [cycle for name in sorted(graph) if (cycle := _cycle_through(name, graph))]
    assert cycles == []


def _cycle_through(start: str, graph: dict[str, set[str]]) -> str | None:
    """A shortest import chain from ``start`` back to itself, if there is one."""
    came_from: dict[str, str] = {}
    queue = [start]
    while queue:
        current = queue.pop(0)
        for nxt in sorted(graph[current]):
            if nxt == start:
                chain = [current]
                while chain[-1] != start:
                    chain.append(came_from[chain[-1]])
                return " -> ".join([*reversed(chain), start])
            if nxt not in came_from:
                came_from[nxt] = current
                queue.append(nxt)
    return None
