"""What two categories of rules share lives in the engine: a rule module imports the engine and
its own category's modules, never another category's."""
import ast
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "rules"


def _category(path: Path) -> str:
    """The category a module of ``rules/`` belongs to: its subpackage, or itself."""
    part = path.relative_to(RULES).parts[0]
    return part[:-3] if part.endswith(".py") else part


def _imported_rule_modules(path: Path) -> list[str]:
    """The ``rules`` modules ``path`` imports, as paths relative to ``rules/`` (dotted)."""
    package = path.relative_to(RULES).parent.parts
    found = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[:len(package) - node.level + 1]
                found.append(".".join((*base, *(node.module or "").split("."))).strip("."))
            elif (node.module or "").startswith("multivalue_cli.rules."):
                found.append(node.module.removeprefix("multivalue_cli.rules."))
        elif isinstance(node, ast.Import):
            found += [a.name.removeprefix("multivalue_cli.rules.") for a in node.names
                      if a.name.startswith("multivalue_cli.rules.")]
    return found


def test_no_rule_module_imports_another_category():
    crossing = {}
    for path in RULES.rglob("*.py"):
        others = [m for m in _imported_rule_modules(path) if m.split(".")[0] != _category(path)]
        if others:
            crossing[str(path.relative_to(RULES))] = others
    assert crossing == {}


def test_the_check_sees_relative_and_absolute_imports(tmp_path):
    assert _category(RULES / "mood.py") == "mood"
    assert _category(RULES / "negation" / "tags.py") == "negation"
    assert "negation.common" in _imported_rule_modules(RULES / "negation" / "tags.py")
