"""How far one feature spreads: for each action, the source files that name it; and the
files a new human signal touches.

A new human signal (say a `/pause` comment) means a new word, a state with its row,
an action and its step; every other module that must learn its name is a file the
change beyond those. Actions that state their own facts (`core.actions.ActionFacts`)
and steps that declare their action (`@performs`) keep that down to where they are
made (a row of `core/table.py`) and where they are performed (their step). Last, the
files under src/ the commit that added `HOLD` touched (found by its subject, `HOLD…`).

    python bench/action_spread.py [SRC]   # SRC: a tree's src/architect (default: this one)
"""

from __future__ import annotations

import ast
import subprocess
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
# the code defines there: the word, its state and its row, the action with its facts,
# its step. Two more places count only while the code still needs them: a field of the
# sprint view with its own reading in `assess` (unless signals carry their kind), and a
# dispatch naming each action (unless each step declares its action where it lives).
SIGNAL_POINTS = (
    ("the word people write", "REGISTRY", "read_decision"),
    ("its state", "SprintState", None),
    ("its row in the table", "SPRINT_TABLE", None),
    ("its action, stating its facts", "Action", None),
)


def _class(src: Path, name: str) -> ast.ClassDef | None:
    where = defining(src, name)
    if where is None:
        return None
    tree = ast.parse((src / where).read_text(encoding="utf-8"))
    return next((n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == name), None)


def signals_by_kind(src: Path) -> bool:
    """Whether the view holds the signals by kind: `Signal` has a `kind` and the module
    that defines `assess` builds it from the registry's word (`Family(word)`)."""
    signal = _class(src, "Signal")
    has_kind = signal is not None and any(
        isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name) and n.target.id == "kind"
        for n in signal.body)
    where = reading(src)
    reads = where is not None and any(
        isinstance(n, ast.Call) and isinstance(n.func, ast.Name) and n.func.id == "Family"
        for n in ast.walk(ast.parse((src / where).read_text(encoding="utf-8"))))
    return has_kind and reads


def reading(src: Path) -> str | None:
    """The module whose `assess` reads a sprint PR into its `SprintView`."""
    for path in sorted(src.rglob("*.py")):
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if (isinstance(node, ast.FunctionDef) and node.name == "assess"
                    and node.returns is not None and ast.unparse(node.returns) == "SprintView"):
                return str(path.relative_to(src))
    return None


def dispatching(src: Path) -> str | None:
    """The module that defines `apply`, when it dispatches by a `match` on the action."""
    where = defining(src, "apply")
    if where is None:
        return None
    tree = ast.parse((src / where).read_text(encoding="utf-8"))
    return where if any(isinstance(n, ast.Match) for n in ast.walk(tree)) else None


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
    if not signals_by_kind(src):
        places.append(("the signal on the sprint view", defining(src, "SprintView") or "?"))
        places.append(("reading it from the comments", reading(src) or "?"))
    places.append(("its step", "shell/steps/<its kin>.py"))
    dispatch = dispatching(src)
    if dispatch is not None:
        places.append(("performing it (the dispatch)", dispatch))
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
    print(f"files: {len({where for _, where in places})}  (a step of a new kin, in a new "
          "module, adds shell/steps/__init__.py, which imports every step module)")
    commit = hold_commit(src)
    if commit is not None:
        sha, files = commit
        print(f"\nthe commit that added HOLD ({sha[:10]}) touched {len(files)} source files "
              f"under src/:")
        for path in files:
            print(f"  {path}")
    return 0


def hold_commit(src: Path) -> tuple[str, list[str]] | None:
    """The commit that added the HOLD signal, and the files under src/ it touched (tests,
    README and docs not counted); None outside a git checkout or before it landed."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(src), *args], capture_output=True, text=True,
                              check=False).stdout.strip()
    found = git("log", "--format=%H", "--grep=^HOLD", "--extended-regexp").splitlines()
    if not found:
        return None
    sha = found[-1]  # the oldest: the commit that added it, not a later one about it
    files = git("show", "--name-only", "--format=", sha, "--", ":/src").splitlines()
    return sha, sorted(f for f in files if f.startswith("src/"))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
