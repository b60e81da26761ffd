"""The folder tree is the architecture: a pure core, a shell, adapters, an app.

These tests read the source as text and walk its imports, so a change that
breaks the layering fails here rather than in a review.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from architect.core.table import markdown

SRC = Path(__file__).resolve().parents[2] / "src" / "architect"
CORE = SRC / "core"
# The pure core decides; it reaches neither the network, nor a model, nor the disk.
FORBIDDEN_IN_CORE = (
    "architect.forge.client", "architect.forge.http", "architect.forge.protocol",
    "architect.runners", "architect.shell", "architect.app", "architect.emulator",
    "httpx", "os", "pathlib", "shutil", "subprocess", "socket", "tempfile", "io",
    "filelock", "time",
)


def imports_of(path: Path) -> set[str]:
    """What the module imports when it runs (`if TYPE_CHECKING:` blocks left out)."""
    found: set[str] = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return found


def core_closure() -> dict[str, set[str]]:
    """Every module the core reaches through `architect` imports, with what it imports."""
    seen: dict[str, set[str]] = {}
    todo = [f"architect.core.{p.stem}" for p in CORE.glob("*.py")]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        parts = name.split(".")[1:]
        path = SRC.joinpath(*parts).with_suffix(".py")
        if not path.exists():
            path = SRC.joinpath(*parts, "__init__.py")
        if not path.exists():
            continue  # `from architect.x import name`: the name, not a module
        seen[name] = imports_of(path)
        todo.extend(m for m in seen[name] if m.startswith("architect."))
    return seen


def test_the_core_reaches_no_forge_client_runner_network_or_filesystem() -> None:
    closure = core_closure()
    assert "architect.core.decide" in closure and "architect.core.table" in closure
    assert "architect.config" not in closure  # the settings' type only, under TYPE_CHECKING
    bad = {(module, imported) for module, imports in closure.items() for imported in imports
           if any(imported == f or imported.startswith(f + ".") for f in FORBIDDEN_IN_CORE)}
    assert bad == set()


def test_the_shell_and_the_adapters_never_reach_into_the_app() -> None:
    for layer in ("shell", "forge", "runners", "emulator"):
        for path in (SRC / layer).rglob("*.py"):
            assert not {m for m in imports_of(path) if m.startswith("architect.app")}, path


def test_the_walk_would_see_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import httpx\nfrom architect.shell.apply import apply\n")
    assert {"httpx", "architect.shell.apply"} <= imports_of(sample)


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_no_marker_literal_outside_the_markers_module(path: Path) -> None:
    if path == CORE / "markers.py":
        return
    assert "<!-- architect:" not in path.read_text(encoding="utf-8")


def test_the_shell_and_the_app_are_where_the_tree_says() -> None:
    for layer in ("core", "shell", "app", "forge", "runners", "emulator"):
        assert (SRC / layer / "__init__.py").exists(), layer
    top = sorted(p.stem for p in SRC.glob("*.py"))
    # What every layer shares: settings, the error tree, secrets and their redaction,
    # durations; plus the prompts and the code map, which the runners and the shell both use.
    assert top == ["__init__", "__main__", "codemap", "config", "config_messages", "durations",
                   "errors", "prompts", "redaction", "secrets"]


def test_the_readme_shows_the_state_tables_as_the_code_has_them() -> None:
    readme = (SRC.parents[1] / "README.md").read_text(encoding="utf-8")
    assert markdown() in readme


def test_the_readme_names_every_module_of_the_core_the_shell_and_the_app() -> None:
    """"The code" is where a newcomer starts: a module it does not name is one they miss."""
    readme = (SRC.parents[1] / "README.md").read_text(encoding="utf-8")
    section = readme.split("## The code", 1)[1].split("### The state tables", 1)[0]
    missing = [str(path.relative_to(SRC)) for layer in ("core", "shell", "app")
               for path in sorted((SRC / layer).rglob("*.py"))
               if path.name != "__init__.py" and f"`{path.name}`" not in section]
    assert missing == []
