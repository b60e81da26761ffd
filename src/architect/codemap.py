"""A compact structural summary of a project checkout, for the model's context.

What a planner needs to know before it opens a file, whatever the language:
the top-level layout, then every file (the tracked ones when the checkout is
a git repository), source before docs, tests and benches, each with what is
cheap to find: a Python module's first docstring line, what it imports
outside the standard library and its top-level definitions; the top-level
functions and types of shell, Go, Rust, JavaScript and TypeScript files, by
regular expression, and a shell script's first comment line (its docstring).
Runners without file tools see the code only through this map, so it is
trimmed by importance, never by alphabet: past `max_chars`, the definitions
of the least important files go first, then those files themselves, counted
by directory in a closing note.

Read-only and deterministic; hidden directories, virtual environments,
caches and build output are skipped.
"""

from __future__ import annotations

import ast
import os
import re
import subprocess
import sys
from dataclasses import dataclass, replace
from pathlib import Path

SKIPPED_DIRS = frozenset(
    {"node_modules", "venv", "env", "__pycache__", "build", "dist", "site-packages", "target"}
)
DEFAULT_MAX_CHARS = 8000
_DOC_CHARS = 90
_MAX_DEFS = 12
_MAX_SCAN_BYTES = 256_000
_HEADER_LINES = 3  # the shebang, perhaps a blank line, the comment
_LAYOUT_FILES = 12  # top-level files named in the layout; all are listed below it
_NOTE_ROOM = 120  # the closing note of what was left out
_TEST_DIRS = frozenset({"test", "tests", "spec", "specs", "__tests__", "testdata", "e2e"})
_BENCH_DIRS = frozenset({"bench", "benches", "benchmarks", "examples", "example", "demo"})
_DOC_DIRS = frozenset({"doc", "docs", "documentation"})
_SOURCE = frozenset(
    {".py", ".sh", ".bash", ".go", ".rs", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".tsx",
     ".rb", ".java", ".kt", ".c", ".h", ".cc", ".cpp", ".hpp", ".cs", ".php", ".swift"}
)  # fmt: skip
_DEFINITIONS: dict[str, re.Pattern[str]] = {
    "shell": re.compile(
        r"^(?:function\s+([A-Za-z_][\w:.-]*)|([A-Za-z_][\w:.-]*)\s*\(\))", re.M
    ),
    "go": re.compile(r"^(?:func(?:\s*\([^)]*\))?|type)\s+([A-Za-z_]\w*)", re.M),
    "rust": re.compile(
        r"^(?:pub(?:\([^)]*\))?\s+)?(?:async\s+)?(?:fn|struct|enum|trait|mod|type)\s+(\w+)", re.M
    ),
    "js": re.compile(
        r"^(?:export\s+(?:default\s+)?)?(?:async\s+)?"
        r"(?:function\*?|class|interface|type|enum|const)\s+([A-Za-z_$][\w$]*)",
        re.M,
    ),
}
_LANGUAGE = {
    ".sh": "shell", ".bash": "shell", ".go": "go", ".rs": "rust",
    ".js": "js", ".mjs": "js", ".cjs": "js", ".jsx": "js", ".ts": "js", ".tsx": "js",
}  # fmt: skip


@dataclass(frozen=True)
class Module:
    path: str  # relative, with `/`
    doc: str  # first docstring line, short
    imports: tuple[str, ...]
    defs: tuple[str, ...] = ()
    rank: int = 0  # 0 source, 1 docs and the rest, 2 tests, 3 benches and examples


def summarize(root: Path, *, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The summary of the tree at `root` (empty when it is not a directory)."""
    root = Path(root)
    if not root.is_dir():
        return ""
    files = _files(root)
    layout = ["Layout:", *_layout(root, files)]
    modules = sorted((_module(root, f) for f in files), key=lambda m: (m.rank, m.path))
    heading = "Files, source first (first docstring line) [imports] [top-level definitions]:"
    return _fit(layout, heading, modules, max_chars)


def _files(root: Path) -> list[Path]:
    tracked = _tracked(root)
    if tracked is not None:
        return [root / name for name in tracked if not _skipped_path(name)]
    found: list[Path] = []
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not _skipped(d))
        found += (Path(here) / n for n in sorted(names) if not n.startswith("."))
    return found


def _tracked(root: Path) -> list[str] | None:
    """The files git tracks at `root`, or None when it is not a work tree."""
    if not (root / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "-z"],
            capture_output=True, check=False, timeout=60,
        )  # fmt: skip
    except (OSError, subprocess.TimeoutExpired):
        return None
    if done.returncode != 0:
        return None
    names = sorted(n for n in done.stdout.decode(errors="replace").split("\0") if n)
    return [n for n in names if (root / n).is_file()]


def _skipped(name: str) -> bool:
    return name.startswith(".") or name in SKIPPED_DIRS or name.endswith(".egg-info")


def _skipped_path(name: str) -> bool:
    *dirs, base = name.split("/")
    return base.startswith(".") or any(_skipped(d) for d in dirs)


def _layout(root: Path, files: list[Path]) -> list[str]:
    counts: dict[str, int] = {}
    top_files: list[str] = []
    for path in files:
        first, *rest = path.relative_to(root).parts
        if rest:
            counts[first] = counts.get(first, 0) + 1
        else:
            top_files.append(first)
    lines = [f"  {name}/ ({n} file{'s' if n != 1 else ''})" for name, n in sorted(counts.items())]
    if top_files:
        shown = top_files[:_LAYOUT_FILES]
        more = f", … ({len(top_files) - len(shown)} more)" if len(top_files) > len(shown) else ""
        lines.append("  " + ", ".join(shown) + more)
    return lines


def _rank(rel: str) -> int:
    parts = rel.lower().split("/")
    name = parts[-1]
    if any(p in _BENCH_DIRS for p in parts[:-1]) or name.startswith("bench"):
        return 3
    if (any(p in _TEST_DIRS for p in parts[:-1]) or name.startswith("test_")
            or re.search(r"[._-](test|spec)\.\w+$|_test\.go$", name)):  # fmt: skip
        return 2
    if any(p in _DOC_DIRS for p in parts[:-1]) or Path(name).suffix not in _SOURCE:
        return 1
    return 0


def _module(root: Path, path: Path) -> Module:
    rel = path.relative_to(root).as_posix()
    rank = _rank(rel)
    if path.suffix == ".py":
        return replace(_python(path, rel), rank=rank)
    language = _LANGUAGE.get(path.suffix) or ("shell" if _has_shebang(path, "sh") else None)
    if language is None:
        return Module(rel, "", (), (), rank)
    try:
        text = path.read_bytes()[:_MAX_SCAN_BYTES].decode(errors="replace")
    except OSError:
        return Module(rel, "", (), (), rank)
    found = _DEFINITIONS[language].findall(text)
    names = dict.fromkeys(n if isinstance(n, str) else "".join(n) for n in found)
    if not path.suffix and rank == 1:
        rank = 0  # a script without an extension is source all the same
    doc = _header_comment(text) if language == "shell" else ""
    return Module(rel, doc, (), tuple(names)[:_MAX_DEFS], rank)


def _header_comment(text: str) -> str:
    """A script's first comment line: what a shell script has for a docstring."""
    for line in text.splitlines()[:_HEADER_LINES]:
        said = line.strip()
        if said.startswith("#!") or not said:
            continue
        if not said.startswith("#") or "shellcheck" in said:
            return ""
        return said.lstrip("# ").strip()[:_DOC_CHARS]
    return ""


def _has_shebang(path: Path, word: str) -> bool:
    if path.suffix:
        return False
    try:
        with path.open("rb") as handle:
            first = handle.readline(200)
    except OSError:
        return False
    return first.startswith(b"#!") and word.encode() in first


def _python(path: Path, rel: str) -> Module:
    try:
        tree = ast.parse(path.read_bytes(), filename=rel)
    except (OSError, SyntaxError, ValueError):
        return Module(rel, "(unparsable)", ())
    doc = (ast.get_docstring(tree) or "").strip().splitlines()
    defs = tuple(
        node.name
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef)
    )[:_MAX_DEFS]
    return Module(rel, doc[0][:_DOC_CHARS] if doc else "", _imports(tree), defs)


def _imports(tree: ast.Module) -> tuple[str, ...]:
    """What the module imports, standard library left out (it says little)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return tuple(sorted(n for n in names if n.split(".")[0] not in sys.stdlib_module_names))


def _module_line(module: Module, *, details: bool = True) -> str:
    if not details:
        return f"  {module.path}"
    doc = f" — {module.doc}" if module.doc else ""
    imports = f" [imports: {', '.join(module.imports)}]" if module.imports else ""
    defs = f" [defs: {', '.join(module.defs)}]" if module.defs else ""
    return f"  {module.path}{doc}{imports}{defs}"


def _fit(layout: list[str], heading: str, modules: list[Module], max_chars: int) -> str:
    """The summary within `max_chars`, dropping the least important details first.

    In order, until it fits: the details of everything but source, the lines
    of tests and benches, the details of source, then any line; always from
    the least important end.
    """
    head = [*layout, "", heading] if modules else layout
    lines = [_module_line(m) for m in modules]
    kept = len(lines)
    # Kept incrementally (a tree may hold thousands of files), with room for the note.
    total = sum(len(line) + 1 for line in [*head, *lines]) + _NOTE_ROOM

    def strip(ranks: range) -> None:
        nonlocal total
        for index in reversed(range(kept)):
            if total <= max_chars:
                return
            if modules[index].rank in ranks:
                bare = _module_line(modules[index], details=False)
                total -= len(lines[index]) - len(bare)
                lines[index] = bare

    def drop(lowest_rank: int) -> None:
        nonlocal kept, total
        while kept and total > max_chars and modules[kept - 1].rank >= lowest_rank:
            kept -= 1
            total -= len(lines[kept]) + 1

    strip(range(1, 4))
    drop(2)
    strip(range(0, 1))
    drop(0)
    note = _left_out(modules[kept:])
    return _cut([*head, *lines[:kept], *([note] if note else [])], max_chars)


def _left_out(modules: list[Module]) -> str:
    if not modules:
        return ""
    counts: dict[str, int] = {}
    for module in modules:
        top = module.path.split("/")[0] + "/" if "/" in module.path else "./"
        counts[top] = counts.get(top, 0) + 1
    where = ", ".join(f"{d} {n}" for d, n in sorted(counts.items(), key=lambda kv: -kv[1]))
    return f"  … and {len(modules)} less important files left out ({where})"


def _cut(lines: list[str], max_chars: int) -> str:
    kept: list[str] = []
    used = 0
    for i, line in enumerate(lines):
        if used + len(line) + 1 > max_chars:
            kept.append(f"  … and {len(lines) - i} more lines")
            break
        kept.append(line)
        used += len(line) + 1
    return "\n".join(kept)
