"""How far one feature spreads: for each action, the source files that name it; and the
files a new human signal touches.

A new human signal (say a `/pause` comment) means a new action; every module
that must learn its name is a file the change touches beyond the action and its
step. Actions that state their own facts (`core.actions.ActionFacts`) keep that
down to where they are made (a row of `core/table.py` or `decide`) and where they
are performed (`shell/apply.py` and their step).

    python bench/action_spread.py [SRC]   # SRC: a tree's src/architect (default: this one)
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path


def action_names(actions: Path) -> list[str]:
    """The members of the `Action` union, as `core/actions.py` spells it."""
    tree = ast.parse(actions.read_text(encoding="utf-8"))
    union = next(node.value for node in tree.body if isinstance(node, ast.Assign)
                 and any(isinstance(t, ast.Name) and t.id == "Action" for t in node.targets))
    return sorted(n.id for n in ast.walk(union) if isinstance(n, ast.Name))


def naming(src: Path, name: str) -> list[str]:
    """The modules other than `core/actions.py` that name the action in their code."""
    found = []
    for path in sorted(src.rglob("*.py")):
        if path == src / "core" / "actions.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if any((isinstance(n, ast.Name) and n.id == name) or
               (isinstance(n, ast.alias) and n.name == name) for n in ast.walk(tree)):
            found.append(str(path.relative_to(src)))
    return found


# Where a new human signal (a `/pause` comment) must be registered, each found by what
# the code defines there: the word, the view's field and its reading, the state and
# its row, the action with its facts, its step, and the dispatch to it.
SIGNAL_POINTS = (
    ("the word people write", "REGISTRY", "read_decision"),
    ("the signal on the sprint view", "SprintView", None),
    ("reading it from the comments", "assess", None),
    ("its state", "SprintState", None),
    ("its row in the table", "SPRINT_TABLE", None),
    ("its action, stating its facts", "Action", None),
    ("performing it (the dispatch)", "apply", None),
)


def defining(src: Path, name: str) -> str | None:
    """The module that defines `name` at its top level (a class, a function, a name)."""
    for path in sorted(src.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            names = ([node.name] if isinstance(node, ast.ClassDef | ast.FunctionDef)
                     else [t.id for t in getattr(node, "targets", [getattr(node, "target", None)])
                           if isinstance(t, ast.Name)])
            if name in names:
                return str(path.relative_to(src))
    return None


def sorting_by_type(src: Path, names: set[str]) -> list[str]:
    """Modules other than the actions and the dispatch that ask an action its class."""
    found = set()
    for path in sorted(src.rglob("*.py")):
        if path in (src / "core" / "actions.py", src / "shell" / "apply.py"):
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
                    and node.func.id == "isinstance" and len(node.args) == 2
                    and names & {n.id for n in ast.walk(node.args[1]) if isinstance(n, ast.Name)}):
                found.add(str(path.relative_to(src)))
    return sorted(found)


def signal_touches(src: Path, actions: list[str]) -> list[tuple[str, str]]:
    """(what, file) for each place a new human signal must be written."""
    places = []
    for what, name, fallback in SIGNAL_POINTS:
        where = defining(src, name) or (defining(src, fallback) if fallback else None)
        places.append((what, where or "?"))
    places.append(("its step", "shell/steps/<its kin>.py"))
    places += [("an isinstance chain", path) for path in sorting_by_type(src, set(actions))]
    return places


def main(argv: list[str]) -> int:
    here = Path(__file__).resolve().parents[1] / "src" / "architect"
    src = Path(argv[1]) if len(argv) > 1 else here
    spread = {name: naming(src, name) for name in action_names(src / "core" / "actions.py")}
    for name, files in spread.items():
        print(f"{name:18} {len(files):2}  {', '.join(files)}")
    widest = max(len(files) for files in spread.values())
    print(f"\nwidest: {widest} modules beside core/actions.py "
          f"(mean {sum(map(len, spread.values())) / len(spread):.1f})")
    places = signal_touches(src, list(spread))
    print("\na new human signal (a `/pause` comment) touches:")
    for what, where in places:
        print(f"  {where:32} {what}")
    print(f"files: {len({where for _, where in places})}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
