"""The folder tree is the architecture: a pure core, a shell, adapters, an app.

These tests read the source as text and walk its imports, so a change that
breaks the layering fails here rather than in a review.
"""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterable, Iterator
from pathlib import Path

import pytest

from architect.core.table import markdown

SRC = Path(__file__).resolve().parents[2] / "src" / "architect"
CORE = SRC / "core"
# An import whose module the walk cannot read (`import_module(name)`): never in the core.
DYNAMIC = "<dynamic import>"
# The pure core decides; it reaches neither the network, nor a model, nor the disk.
FORBIDDEN_IN_CORE = (
    "architect.forge.client", "architect.forge.http", "architect.forge.protocol",
    "architect.runners", "architect.shell", "architect.app", "architect.emulator",
    "httpx", "os", "pathlib", "shutil", "subprocess", "socket", "tempfile", "io",
    "filelock", "time", DYNAMIC,
)
# What needs no import to touch the terminal, the disk or the clock: `datetime` itself is
# allowed (the core does date arithmetic on the times the snapshot hands it).
FORBIDDEN_CALLS_IN_CORE = frozenset({
    "open", "print", "input", "breakpoint",
    "datetime.datetime.now", "datetime.datetime.utcnow", "datetime.datetime.today",
    "datetime.date.today", "time.time", "time.time_ns", "time.monotonic", "time.perf_counter",
})
_IMPORT_CALLS = frozenset({"importlib.import_module", "importlib.__import__", "__import__"})


def _package_of(path: Path) -> str:
    """The package a module of the tree is in, for its relative imports."""
    return ".".join(("architect", *path.relative_to(SRC).parent.parts))


def _absolute(name: str, level: int, package: str) -> str:
    """`from ..shell import x` in architect.core names architect.shell."""
    if level == 0:
        return name
    parts = package.split(".")
    base = parts[:len(parts) - (level - 1)] if level - 1 < len(parts) else []
    return ".".join([*base, name] if name else base)


def _nodes(path: Path, *, runtime: bool) -> tuple[ast.AST, ...]:
    """Every node of the module's syntax tree (with `runtime`, those under an `if
    TYPE_CHECKING:` body left out: they never run). Parsed and walked once per file
    version: a dozen walks here read each of the ~190 modules."""
    stat = path.stat()
    return _walked(path, stat.st_mtime_ns, stat.st_size, runtime=runtime)


@functools.cache
def _walked(path: Path, mtime_ns: int, size: int, *, runtime: bool) -> tuple[ast.AST, ...]:
    return tuple(_walk(_parsed(path, mtime_ns, size), runtime=runtime))


@functools.cache
def _parsed(path: Path, mtime_ns: int, size: int) -> ast.Module:
    return ast.parse(path.read_text(encoding="utf-8"))


def _walk(node: ast.AST, *, runtime: bool) -> Iterator[ast.AST]:
    yield node
    for child in ast.iter_child_nodes(node):
        if runtime and isinstance(node, ast.If) and child in node.body and ast.unparse(
                node.test).endswith("TYPE_CHECKING"):
            continue
        yield from _walk(child, runtime=runtime)


def _statements(nodes: Iterable[ast.AST], package: str) -> set[str]:
    """The modules (and `module.name`s) the import statements among `nodes` name."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node.module or "", node.level, package)
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _aliases(nodes: Iterable[ast.AST], package: str) -> dict[str, str]:
    """Each imported name bound in the module, with the dotted name it stands for."""
    bound: dict[str, str] = {}
    for node in nodes:
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.asname:
                    bound[alias.asname] = alias.name
                else:
                    head = alias.name.split(".")[0]
                    bound[head] = head
        elif isinstance(node, ast.ImportFrom):
            module = _absolute(node.module or "", node.level, package)
            for alias in node.names:
                bound[alias.asname or alias.name] = f"{module}.{alias.name}"
    return bound


def _called(func: ast.expr, bound: dict[str, str]) -> str | None:
    """The dotted name a call reaches (`dt.now` after `from datetime import datetime as
    dt` is datetime.datetime.now); None when it is not a plain name or attribute chain."""
    names: list[str] = []
    while isinstance(func, ast.Attribute):
        names.append(func.attr)
        func = func.value
    if not isinstance(func, ast.Name):
        return None
    return ".".join([bound.get(func.id, func.id), *reversed(names)])


def _imported_by_call(call: ast.Call, package: str) -> str:
    first = call.args[0] if call.args else None
    if not (isinstance(first, ast.Constant) and isinstance(first.value, str)):
        return DYNAMIC
    name = first.value
    level = len(name) - len(name.lstrip("."))
    return _absolute(name[level:], level, package)


def imports_of(path: Path, package: str | None = None) -> set[str]:
    """What the module imports when it runs: import statements (relative ones resolved
    against `package`, by default the module's own) and `import_module`/`__import__`
    calls; a call whose module is not a literal counts as `DYNAMIC`."""
    package = package or _package_of(path)
    nodes = _nodes(path, runtime=True)
    bound = _aliases(nodes, package)
    found = _statements(nodes, package)
    found.update(_imported_by_call(node, package) for node in nodes
                 if isinstance(node, ast.Call) and _called(node.func, bound) in _IMPORT_CALLS)
    return found


def calls_of(path: Path, package: str | None = None) -> set[str]:
    """The dotted names of everything the module calls when it runs."""
    package = package or _package_of(path)
    nodes = _nodes(path, runtime=True)
    bound = _aliases(nodes, package)
    return {name for node in nodes if isinstance(node, ast.Call)
            and (name := _called(node.func, bound)) is not None}


def impure(path: Path, package: str | None = None) -> set[str]:
    """What in a module of the core's reach would break its purity."""
    imports = {m for m in imports_of(path, package)
               if any(m == f or m.startswith(f + ".") for f in FORBIDDEN_IN_CORE)}
    return imports | (calls_of(path, package) & FORBIDDEN_CALLS_IN_CORE)


def _module_path(name: str) -> Path | None:
    parts = name.split(".")[1:]
    path = SRC.joinpath(*parts).with_suffix(".py")
    if not path.exists():
        path = SRC.joinpath(*parts, "__init__.py")
    return path if path.exists() else None


def core_closure() -> dict[str, set[str]]:
    """Every module the core reaches through `architect` imports, with what it imports."""
    seen: dict[str, set[str]] = {}
    todo = [f"architect.core.{p.stem}" for p in CORE.glob("*.py")]
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        path = _module_path(name)
        if path is None:
            continue  # `from architect.x import name`: the name, not a module
        seen[name] = imports_of(path)
        todo.extend(m for m in seen[name] if m.startswith("architect."))
    return seen


def test_the_core_reaches_no_forge_client_runner_network_or_filesystem() -> None:
    closure = core_closure()
    assert "architect.core.decide" in closure and "architect.core.table" in closure
    assert "architect.config" not in closure  # the settings' type only, under TYPE_CHECKING
    bad: set[tuple[str, str]] = set()
    for module in closure:
        path = _module_path(module)
        assert path is not None
        bad |= {(module, found) for found in impure(path)}
    assert bad == set()


def import_graph(folder: Path, package: str) -> dict[str, set[str]]:
    """Which module of `package` (the modules in `folder`) imports which other of it,
    `if TYPE_CHECKING:` imports counted: a circle a type checker walks is still one."""
    modules = {f"{package}.{p.stem}" for p in folder.glob("*.py") if p.stem != "__init__"}
    return {f"{package}.{path.stem}": _statements(_nodes(path, runtime=False),
                                                   package) & modules
            for path in folder.glob("*.py") if path.stem != "__init__"}


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Every group of modules that import one another round a circle (Tarjan's strongly
    connected components of more than one module, or a module importing itself)."""
    order: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    found: list[list[str]] = []

    def visit(module: str) -> None:
        order[module] = low[module] = len(order)
        stack.append(module)
        for other in sorted(graph.get(module, ())):
            if other not in order:
                visit(other)
                low[module] = min(low[module], low[other])
            elif other in stack:
                low[module] = min(low[module], order[other])
        if low[module] == order[module]:
            group = stack[stack.index(module):]
            del stack[stack.index(module):]
            if len(group) > 1 or module in graph.get(module, ()):
                found.append(sorted(group))

    for module in sorted(graph):
        if module not in order:
            visit(module)
    return found


def test_the_core_has_no_import_circle_type_checking_imports_counted() -> None:
    """Values sit at the bottom of the core (`view`, `facts`, `snapshot`), the logic
    above them: no module of the core reaches itself again."""
    graph = import_graph(CORE, "architect.core")
    assert "architect.core.view" in graph["architect.core.sprint"]  # the walk sees imports
    assert circles(graph) == []


def test_the_values_sit_below_the_logic() -> None:
    """What the snapshot and the sprint view hold reaches none of the logic that reads it."""
    graph = import_graph(CORE, "architect.core")
    logic = {f"architect.core.{name}" for name in (
        "actions", "decide", "rounds", "rules", "sprint", "story", "table", "visions")}
    for value in ("view", "facts", "snapshot"):
        reach, todo = set(), [f"architect.core.{value}"]
        while todo:
            for module in graph[todo.pop()] - reach:
                reach.add(module)
                todo.append(module)
        assert reach & logic == set(), value


# The packages and shared modules of `architect`, lowest first: each imports only from the
# layers below its own, `TYPE_CHECKING` imports counted (a type checker walks them too).
# The values the core and the runners both read (`Effort`, `Usage`) sit in `values`.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("values", "durations", "redaction", "codemap"),
    ("errors", "config_messages"),
    ("forge",),
    ("secrets",),
    ("config",),
    ("core",),
    ("runners",),
    ("prompts",),
    ("shell", "emulator"),
    ("app",),
    ("__main__",),
)


def _unit(root: Path, path: Path) -> str:
    """The top package or shared module of the tree `path` is in (`core`, `config`)."""
    return path.relative_to(root).parts[0].removesuffix(".py")


def upward_imports(root: Path, top: str, layers: tuple[tuple[str, ...], ...] = LAYERS
                   ) -> set[tuple[str, str]]:
    """Each (module, import) of the tree at `root` (package `top`) that names a layer
    not below the module's own, `if TYPE_CHECKING:` and function-level imports counted."""
    rank = {unit: i for i, names in enumerate(layers) for unit in names}
    known = {_unit(root, p) for p in root.rglob("*.py")}
    assert known - {"__init__"} <= set(rank), known - set(rank)  # a new one needs its layer
    bad: set[tuple[str, str]] = set()
    for path in root.rglob("*.py"):
        mine = _unit(root, path)
        package = ".".join((top, *path.relative_to(root).parent.parts))
        for name in _statements(_nodes(path, runtime=False), package):
            parts = name.split(".")
            # `from architect import __version__`: the package's own top, below all.
            if parts[0] != top or len(parts) < 2 or parts[1] == mine or parts[1] not in rank:
                continue
            if rank.get(parts[1], len(layers)) >= rank.get(mine, -1):
                bad.add((str(path.relative_to(root)), name))
    return bad


def test_every_package_has_its_layer() -> None:
    units = {_unit(SRC, p) for p in SRC.rglob("*.py")} - {"__init__"}
    placed = [unit for names in LAYERS for unit in names]
    assert sorted(placed) == sorted(units)


def test_no_import_runs_back_up_a_layer_type_checking_counted() -> None:
    assert upward_imports(SRC, "architect") == set()


@pytest.mark.parametrize(("source", "caught"), [
    ("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
     "    from planted.runners.base import U\n", "planted.runners.base"),
    ("from ..shell import tick\n", "planted.shell.tick"),
    ("def late() -> None:\n    import planted.shell.tick  # noqa: PLC0415  cycle\n",
     "planted.shell.tick"),
])
def test_the_layer_walk_fails_on_an_import_back_up(tmp_path: Path, source: str,
                                                   caught: str) -> None:
    """Planted in the core: each way an import can run up from it is seen; the imports
    down (the core's of `config`, the shell's of the core) are left alone."""
    root = tmp_path / "planted"
    for package, module, text in (("core", "logic", source),
                                  ("core", "values", "from planted.config import Settings\n"),
                                  ("runners", "base", ""),
                                  ("shell", "tick", "from planted.core import logic\n")):
        (root / package).mkdir(parents=True, exist_ok=True)
        (root / package / f"{module}.py").write_text(text)
    (root / "config.py").write_text("")
    found = upward_imports(root, "planted", (("config",), ("core",), ("runners",), ("shell",)))
    assert {module for module, _ in found} == {"core/logic.py"}
    assert caught in {name for _, name in found}


def _package(tmp_path: Path, modules: dict[str, str]) -> Path:
    folder = tmp_path / "planted"
    folder.mkdir()
    (folder / "__init__.py").write_text("")
    for name, source in modules.items():
        (folder / f"{name}.py").write_text(source)
    return folder


@pytest.mark.parametrize(("modules", "circle"), [
    # The circle the core had: the other side only under TYPE_CHECKING.
    ({"snapshot": "from planted.rules import Verdict\n",
      "rules": "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n"
               "    from planted.snapshot import VisionHistory\n"},
     ["planted.rules", "planted.snapshot"]),
    # Three modules round, by relative imports and a bare `from . import`.
    ({"a": "from .b import x\n", "b": "from . import c\n", "c": "import planted.a\n",
      "d": "from .a import y\n"},
     ["planted.a", "planted.b", "planted.c"]),
    ({"alone": "from planted import alone\n"}, ["planted.alone"]),
])
def test_the_circle_detector_fails_on_a_planted_circle(tmp_path: Path, modules: dict[str, str],
                                                       circle: list[str]) -> None:
    assert circles(import_graph(_package(tmp_path, modules), "planted")) == [circle]


def test_the_circle_detector_leaves_a_layered_package_alone(tmp_path: Path) -> None:
    folder = _package(tmp_path, {
        "values": "from dataclasses import dataclass\n",
        "logic": "from typing import TYPE_CHECKING\nfrom .values import V\n"
                 "if TYPE_CHECKING:\n    from planted.values import W\n",
        "top": "from planted import logic, values\n"})
    assert import_graph(folder, "planted")["planted.top"] == {"planted.logic", "planted.values"}
    assert circles(import_graph(folder, "planted")) == []


def test_the_shell_and_the_adapters_never_reach_into_the_app() -> None:
    for layer in ("shell", "forge", "runners", "emulator"):
        for path in (SRC / layer).rglob("*.py"):
            assert not {m for m in imports_of(path) if m.startswith("architect.app")}, path


def test_the_adapters_and_the_shared_modules_never_reach_into_the_shell() -> None:
    """The shell drives the adapters; what every layer shares sits below all of them."""
    paths = [*SRC.glob("*.py"), *(p for layer in ("forge", "runners", "emulator")
                                  for p in (SRC / layer).rglob("*.py"))]
    bad = {(str(path.relative_to(SRC)), m) for path in paths for m in imports_of(path)
           if m == "architect.shell" or m.startswith("architect.shell.")}
    assert bad == set()


def test_the_walk_would_see_a_forbidden_import(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("import httpx\nfrom architect.shell.apply import apply\n")
    assert {"httpx", "architect.shell.apply"} <= imports_of(sample, "architect.core")


@pytest.mark.parametrize(("source", "caught"), [
    ("from ..shell import apply\n", "architect.shell.apply"),
    ("from ..shell.apply import run\n", "architect.shell.apply"),
    ("from .. import shell\n", "architect.shell"),
    ("import importlib\nimportlib.import_module('architect.shell.apply')\n",
     "architect.shell.apply"),
    ("from importlib import import_module\nimport_module('..shell', __package__)\n",
     "architect.shell"),
    ("import importlib\nimportlib.import_module(name)\n", DYNAMIC),
    ("__import__('os')\n", "os"),
    ("open('/etc/hostname')\n", "open"),
    ("print('hello')\n", "print"),
    ("input()\n", "input"),
    ("from datetime import datetime\ndatetime.now()\n", "datetime.datetime.now"),
    ("from datetime import datetime as dt\ndt.now()\n", "datetime.datetime.now"),
    ("import datetime\ndatetime.datetime.now()\n", "datetime.datetime.now"),
    ("from datetime import date\ndate.today()\n", "datetime.date.today"),
    ("import time\ntime.time()\n", "time.time"),
])
def test_the_walk_would_see_each_way_out_of_the_core(tmp_path: Path, source: str,
                                                    caught: str) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text(f"def f(name: str) -> None:\n    pass\n\n{source}")
    assert caught in impure(sample, "architect.core")


def test_the_walk_leaves_the_allowed_alone(tmp_path: Path) -> None:
    sample = tmp_path / "sample.py"
    sample.write_text("from datetime import datetime, timedelta\n"
                      "from . import text\n"
                      "from .markers import parse_markers\n"
                      "datetime.fromisoformat('2026-11-25') + timedelta(days=1)\n"
                      "snapshot.now.date()\n")
    assert impure(sample, "architect.core") == set()
    assert "architect.core.markers" in imports_of(sample, "architect.core")


# How `markers._MARKER` recognises a mark: with or without a space after `<!--`.
MARK_START = re.compile(r"<!--\s*architect:")


def string_texts(tree: ast.AST) -> Iterator[str]:
    """Every string the module spells: literals (adjacent ones are one literal to the
    parser), f-strings and `+` chains, with what is computed left out."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            yield node.value
        elif isinstance(node, ast.JoinedStr | ast.BinOp):
            text = _spelled(node)
            if text is not None:
                yield text


def _spelled(node: ast.expr) -> str | None:
    if isinstance(node, ast.Constant):
        return node.value if isinstance(node.value, str) else None
    if isinstance(node, ast.JoinedStr):
        return "".join(_spelled(v) or "" for v in node.values)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _spelled(node.left), _spelled(node.right)
        return None if left is None and right is None else (left or "") + (right or "")
    return None


def spells_a_mark(source: str, tree: ast.AST | None = None) -> bool:
    """`tree`: the source's, when it is parsed already."""
    return bool(MARK_START.search(source)) or any(
        MARK_START.search(text) for text in string_texts(tree or ast.parse(source)))


@pytest.mark.parametrize("path", sorted(SRC.rglob("*.py")), ids=lambda p: str(p.relative_to(SRC)))
def test_no_marker_literal_outside_the_markers_module(path: Path) -> None:
    if path == CORE / "markers.py":
        return
    stat = path.stat()
    assert not spells_a_mark(path.read_text(encoding="utf-8"),
                             _parsed(path, stat.st_mtime_ns, stat.st_size))


@pytest.mark.parametrize("source", [
    'X = "<!-- architect: questions -->"\n',
    'X = "<!--architect: questions -->"\n',
    'X = "<!--\\narchitect: questions -->"\n',
    'X = ("<!-- "\n     "architect: questions -->")\n',
    'X = "<!-- " + "architect: questions -->"\n',
    'X = f"<!-- {KIND_PREFIX}architect: {kind} -->"\n',
    'X = f"<!--{SPACE}" "architect: x"\n',
])
def test_the_marker_grep_sees_each_spelling(source: str) -> None:
    assert spells_a_mark(source)


def test_the_marker_grep_leaves_other_comments_alone() -> None:
    assert not spells_a_mark('X = "<!-- decomposed-from: #1 -->"\nY = "architect: "\n')


def test_the_shell_and_the_app_are_where_the_tree_says() -> None:
    for layer in ("core", "shell", "app", "forge", "runners", "emulator"):
        assert (SRC / layer / "__init__.py").exists(), layer
    top = sorted(p.stem for p in SRC.glob("*.py"))
    # What every layer shares: settings, the error tree, secrets and their redaction,
    # durations; plus the prompts and the code map, which the runners and the shell both use.
    assert top == ["__init__", "__main__", "codemap", "config", "config_messages", "durations",
                   "errors", "prompts", "redaction", "secrets", "values"]


def test_the_states_doc_shows_the_state_tables_as_the_code_has_them() -> None:
    root = SRC.parents[1]
    assert markdown() in (root / "docs" / "states.md").read_text(encoding="utf-8")
    assert "](docs/states.md)" in (root / "README.md").read_text(encoding="utf-8")


def test_the_code_doc_names_every_module_of_the_core_the_shell_and_the_app() -> None:
    """docs/code.md, which the README's "The code" links, is where a newcomer starts: a
    module it does not name is one they miss."""
    root = SRC.parents[1]
    readme = (root / "README.md").read_text(encoding="utf-8")
    assert "](docs/code.md)" in readme.split("\n## The code\n", 1)[1].split("\n## ", 1)[0]
    doc = (root / "docs" / "code.md").read_text(encoding="utf-8")
    section = doc.split("## The layers", 1)[1].split("\n## ", 1)[0]
    missing = [str(path.relative_to(SRC)) for layer in ("core", "shell", "app")
               for path in sorted((SRC / layer).rglob("*.py"))
               if path.name != "__init__.py" and f"`{path.name}`" not in section]
    assert missing == []
