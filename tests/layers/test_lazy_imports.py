"""An import inside a function says why it is not at the top of its module (issue 10).

Ruff's PLC0415 flags every such import; its `# noqa: PLC0415` must carry one of
the reasons that justify it, and this test reads that reason:

* `start-up` (in `app/cli.py` only): the import would slow `architect --help`
  down by more than ~10 ms (`bench/startup.py` measures each one);
* `optional SDK`: the module is an optional extra of pyproject.toml, absent
  from a plain install;
* `cycle: <which modules>`: the two modules import each other, and moving the
  shared thing out was not possible.
"""

from __future__ import annotations

import ast
import functools
import re
import tomllib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "architect"
CLI = SRC / "app" / "cli.py"
_NOQA = re.compile(r"#\s*noqa:\s*PLC0415\b(?P<why>.*)$")
_REASON = re.compile(r"(?P<kind>start-up|optional SDK|cycle)(?::\s*(?P<detail>\S.*))?$")


@dataclass(frozen=True)
class LazyImport:
    path: Path
    line: int
    modules: tuple[str, ...]
    comment: str  # the reason after the noqa code on the import's first line, or ""
    marked: bool  # whether that line silences PLC0415 at all


def optional_sdks(pyproject: Path = ROOT / "pyproject.toml") -> frozenset[str]:
    """The import names of the optional extras' packages (claude-agent-sdk: claude_agent_sdk)."""
    extras = tomllib.loads(pyproject.read_text(encoding="utf-8"))["project"][
        "optional-dependencies"]
    names = {re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0]
             for name, specs in extras.items() if name != "dev" for spec in specs}
    return frozenset(n.replace("-", "_").lower() for n in names)


def _imported(node: ast.Import | ast.ImportFrom) -> tuple[str, ...]:
    if isinstance(node, ast.Import):
        return tuple(alias.name for alias in node.names)
    return (node.module or "",)


def lazy_imports(path: Path) -> tuple[LazyImport, ...]:
    """Every `import` inside a function (nested ones included) of the module at `path`."""
    stat = path.stat()
    return _lazy_imports(path, stat.st_mtime_ns, stat.st_size)


@functools.cache  # the test reads each module's twice: its problems, then their kinds
def _lazy_imports(path: Path, mtime_ns: int, size: int) -> tuple[LazyImport, ...]:
    source = path.read_text(encoding="utf-8")
    lines = source.splitlines()
    found: dict[int, LazyImport] = {}
    for node in _in_functions(ast.parse(source)):
        if node.lineno not in found:
            noqa = _NOQA.search(lines[node.lineno - 1])
            found[node.lineno] = LazyImport(path, node.lineno, _imported(node),
                                            noqa["why"].strip() if noqa else "",
                                            noqa is not None)
    return tuple(sorted(found.values(), key=lambda lazy: lazy.line))


def _in_functions(node: ast.AST, *, inside: bool = False
                  ) -> Iterator[ast.Import | ast.ImportFrom]:
    """The import statements under a function, however deep: one walk of the tree (a
    walk from each function would go through a nested one again for each around it)."""
    for child in ast.iter_child_nodes(node):
        if inside and isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from _in_functions(child, inside=inside or isinstance(
            child, ast.FunctionDef | ast.AsyncFunctionDef))


def top_level_imports(path: Path) -> frozenset[str]:
    """The modules imported at the module's top (`if TYPE_CHECKING:` left out: not at run time)."""
    stat = path.stat()
    return _top_level_imports(path, stat.st_mtime_ns, stat.st_size)


@functools.cache  # asked once for each lazy import of a module (the CLI has dozens)
def _top_level_imports(path: Path, mtime_ns: int, size: int) -> frozenset[str]:
    found: set[str] = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Import | ast.ImportFrom):
            found.update(_imported(node))
    return frozenset(found)


def problem(lazy: LazyImport, *, sdks: frozenset[str], cli: Path = CLI) -> str | None:
    """Why this lazy import is not justified, or None when it is."""
    where = f"{lazy.path}:{lazy.line}"
    if not lazy.marked:
        return f"{where}: import inside a function without `# noqa: PLC0415  <reason>`"
    reason = _REASON.match(lazy.comment)
    if reason is None:
        return (f"{where}: the reason {lazy.comment!r} is none of start-up, optional SDK, "
                "cycle: <modules>")
    kind = reason["kind"]
    if kind == "start-up" and lazy.path != cli:
        return f"{where}: start-up time justifies a lazy import only in {cli.name}"
    if kind == "optional SDK" and not all(m.split(".")[0] in sdks for m in lazy.modules):
        return f"{where}: {', '.join(lazy.modules)} is not an optional extra ({sorted(sdks)})"
    if kind == "cycle" and not reason["detail"]:
        return f"{where}: `cycle:` must name the modules that import each other"
    again = set(lazy.modules) & top_level_imports(lazy.path)
    if again:
        return f"{where}: {', '.join(sorted(again))} is imported at the top already"
    return None


def problems(paths: list[Path], *, cli: Path = CLI) -> list[str]:
    sdks = optional_sdks()
    return [p for path in paths for lazy in lazy_imports(path)
            if (p := problem(lazy, sdks=sdks, cli=cli)) is not None]


def test_every_lazy_import_in_src_says_why() -> None:
    paths = sorted(SRC.rglob("*.py"))
    assert problems(paths) == []
    # The one reason that remains today: the CLI's commands. (The API runners' SDKs are
    # imported by name, `api_runner.import_sdk`, which this walk of `import` statements
    # does not see.)
    kinds = {_REASON.match(lazy.comment)["kind"]  # type: ignore[index]
             for path in paths for lazy in lazy_imports(path)}
    assert kinds == {"start-up"}


def test_ruff_flags_every_import_inside_a_function() -> None:
    lint = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["ruff"][
        "lint"]
    ignored = [*lint.get("ignore", []),
               *(code for codes in lint.get("per-file-ignores", {}).values() for code in codes)]
    assert "PLC0415" not in ignored
    assert any("PLC0415".startswith(code) for code in lint["select"])


def test_the_optional_sdks_are_the_model_extras() -> None:
    assert {"anthropic", "openai", "claude_agent_sdk"} <= optional_sdks()
    assert "pytest" not in optional_sdks()  # the dev tools are not SDKs


@pytest.mark.parametrize(("body", "expected"), [
    ("def f():\n    import json\n", "without `# noqa: PLC0415"),
    ("def f():\n    import json  # noqa: PLC0415\n", "is none of"),
    ("def f():\n    import json  # noqa: PLC0415  it is faster\n", "is none of"),
    ("def f():\n    import json  # noqa: PLC0415  start-up\n", "only in cli.py"),
    ("def f():\n    import json  # noqa: PLC0415  optional SDK\n", "not an optional extra"),
    ("def f():\n    import json  # noqa: PLC0415  cycle\n", "must name the modules"),
    ("import json\n\ndef f():\n    import json  # noqa: PLC0415  cycle: a <-> b\n",
     "imported at the top already"),
    ("class C:\n    def m(self):\n        def inner():\n            from x import y\n",
     "without `# noqa: PLC0415"),
    ("async def f():\n    from x import (  # noqa\n        y)\n", "without `# noqa: PLC0415"),
])
def test_the_walk_would_see_an_unjustified_lazy_import(tmp_path: Path, body: str,
                                                       expected: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(body)
    found = problems([sample])
    assert len(found) == 1 and expected in found[0], found


@pytest.mark.parametrize("body", [
    "import json\n\ndef f():\n    return json\n",
    "def f():\n    import anthropic  # noqa: PLC0415  optional SDK\n",
    "def f():\n    import openai.types  # noqa: PLC0415  optional SDK\n",
    "def f():\n    from a import b  # noqa: PLC0415  cycle: a imports this module\n",
    "def f():\n    from a import (  # noqa: PLC0415  cycle: a <-> sample\n        b)\n",
])
def test_a_justified_lazy_import_passes(tmp_path: Path, body: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(body)
    assert problems([sample]) == []


def test_start_up_is_a_reason_in_the_cli(tmp_path: Path) -> None:
    cli = tmp_path / "cli.py"
    cli.write_text("def run():\n    from architect.app.service import tick_once"
                   "  # noqa: PLC0415  start-up: the whole tick\n")
    assert problems([cli], cli=cli) == []
