"""A compact structural summary of a project checkout, for the model's context.

What a planner needs to know before it opens a file: the top-level layout,
and every Python module with the first line of its docstring and what it
imports outside the standard library. Read-only and deterministic (sorted);
hidden directories, virtual environments, caches and build output are
skipped. Large trees are cut at `max_chars` with a note of what was left out.
"""

from __future__ import annotations

import ast
import os
import sys
from dataclasses import dataclass
from pathlib import Path

SKIPPED_DIRS = frozenset(
    {"node_modules", "venv", "env", "__pycache__", "build", "dist", "site-packages", "target"}
)
DEFAULT_MAX_CHARS = 8000
_DOC_CHARS = 90


@dataclass(frozen=True)
class Module:
    path: str  # relative, with `/`
    doc: str  # first docstring line, short
    imports: tuple[str, ...]


def summarize(root: Path, *, max_chars: int = DEFAULT_MAX_CHARS) -> str:
    """The summary of the tree at `root` (empty when it is not a directory)."""
    root = Path(root)
    if not root.is_dir():
        return ""
    files = _files(root)
    layout = _layout(root, files)
    modules = [_module(root, f) for f in files if f.suffix == ".py"]
    lines = ["Layout:", *layout]
    if modules:
        lines += ["", "Python modules (first docstring line) [imports, standard library left out]:"]
        lines += [_module_line(m) for m in modules]
    return _cut(lines, max_chars)


def _files(root: Path) -> list[Path]:
    found: list[Path] = []
    for here, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not _skipped(d))
        found += (Path(here) / n for n in sorted(names) if not n.startswith("."))
    return found


def _skipped(name: str) -> bool:
    return name.startswith(".") or name in SKIPPED_DIRS or name.endswith(".egg-info")


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
        lines.append("  " + ", ".join(top_files))
    return lines


def _module(root: Path, path: Path) -> Module:
    rel = path.relative_to(root).as_posix()
    try:
        tree = ast.parse(path.read_bytes(), filename=rel)
    except (OSError, SyntaxError, ValueError):
        return Module(rel, "(unparsable)", ())
    doc = (ast.get_docstring(tree) or "").strip().splitlines()
    return Module(rel, doc[0][:_DOC_CHARS] if doc else "", _imports(tree))


def _imports(tree: ast.Module) -> tuple[str, ...]:
    """What the module imports, standard library left out (it says little)."""
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            names.add("." * node.level + (node.module or ""))
    return tuple(sorted(n for n in names if n.split(".")[0] not in sys.stdlib_module_names))


def _module_line(module: Module) -> str:
    doc = f" — {module.doc}" if module.doc else ""
    imports = f" [imports: {', '.join(module.imports)}]" if module.imports else ""
    return f"  {module.path}{doc}{imports}"


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
