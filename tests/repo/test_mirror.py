"""Unit tests mirror `src/` (issue 31 item 3): the tests of
`src/architect/<package>/<module>.py` live in `tests/<package>/test_<module>.py`, and that
file imports the module it tests. `MISSING` lists the modules still without one (it is
empty); it only shrinks: a new module without its test fails here, and so does a listed one
that has it."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("core", "shell", "shell/steps", "forge", "runners", "runners/offline", "app",
            "emulator")

# Modules whose test file is still to be written (none now): it only shrinks, and a
# module comes off when it gets its test.
MISSING: frozenset[str] = frozenset()


def modules(root: Path = ROOT) -> list[str]:
    """Every module of the mirrored packages, as `package/module`."""
    return sorted(f"{package}/{path.stem}" for package in PACKAGES
                  for path in (root / "src" / "architect" / package).glob("*.py")
                  if path.name != "__init__.py")


def imported(test: Path) -> set[str]:
    """The `architect` modules a test file imports, dotted."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(test.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
    return names


def mirrored(module: str, root: Path = ROOT) -> bool:
    """Whether `tests/<package>/test_<module>.py` exists and imports `module`."""
    package, _, name = module.rpartition("/")
    test = root / "tests" / package / f"test_{name}.py"
    dotted = "architect." + module.replace("/", ".")
    return test.is_file() and dotted in imported(test)


def test_every_module_not_listed_has_its_mirrored_test() -> None:
    lacking = [m for m in modules() if m not in MISSING and not mirrored(m)]
    assert lacking == [], (
        "write each module's unit tests in tests/<package>/test_<module>.py, importing it: "
        + ", ".join(lacking))


def test_the_missing_list_only_shrinks() -> None:
    done = sorted(m for m in MISSING if mirrored(m))
    assert done == [], "these have their test now, take them off MISSING: " + ", ".join(done)
    gone = sorted(MISSING - set(modules()))
    assert gone == [], "no such module any more, take it off MISSING: " + ", ".join(gone)


def test_a_test_file_counts_only_when_it_imports_its_module(tmp_path: Path) -> None:
    source = tmp_path / "src" / "architect" / "core"
    source.mkdir(parents=True)
    (source / "__init__.py").write_text("")
    (source / "words.py").write_text("")
    tests = tmp_path / "tests" / "core"
    tests.mkdir(parents=True)
    assert "core/words" in modules(tmp_path) and "core/__init__" not in modules(tmp_path)
    assert not mirrored("core/words", tmp_path)  # no test file
    (tests / "test_words.py").write_text("from architect.core.table import SprintState\n")
    assert not mirrored("core/words", tmp_path)  # a test of another module
    (tests / "test_words.py").write_text("from architect.core import words\n")
    assert mirrored("core/words", tmp_path)
    (tests / "test_words.py").write_text("from architect.core.words import Word\n")
    assert mirrored("core/words", tmp_path)
