"""The README is the user's page: its two commands are the ones that work (the test
command is what `.ci/run` runs), it stays short, and every link it and docs/ hold leads
to a file and a heading that exist (the details moved to docs/ must stay reachable)."""

from __future__ import annotations

import ast
import re
import shlex
from pathlib import Path

from tests.repo.test_stands_alone import _slug

ROOT = Path(__file__).resolve().parents[2]
README = ROOT / "README.md"
_LINK = re.compile(r"\]\(([^)\s]+)\)")


def _fenced(text: str) -> list[str]:
    return re.findall(r"```sh\n(.*?)\n```", text, re.S)


def test_the_readme_gives_the_demo_and_the_test_command_ci_runs() -> None:
    text = README.read_text(encoding="utf-8")
    quick = text.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    commands = _fenced(quick)
    demo = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/architect demo"
    assert demo in commands
    tests = next(c for c in commands if "pytest" in c)
    # Each step of the README's test command after the venv is a line of .ci/run
    # (which only adds --quiet to it).
    ci = [[word for word in shlex.split(line, comments=True) if word != "--quiet"]
          for line in (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()]
    steps = [shlex.split(step) for step in tests.split("&&")][1:]
    assert steps and [s for s in steps if s not in ci] == []


def test_the_readme_is_at_most_400_lines() -> None:
    assert len(README.read_text(encoding="utf-8").splitlines()) <= 400


def _anchors(path: Path) -> set[str]:
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    return {_slug(line.lstrip("#")) for line in text.splitlines() if line.startswith("#")}


def test_every_link_of_the_readme_and_the_docs_leads_somewhere() -> None:
    broken = []
    for page in [README, *sorted((ROOT / "docs").glob("*.md"))]:
        for target in _LINK.findall(page.read_text(encoding="utf-8")):
            if re.match(r"[a-z]+:", target):  # a URL, not a file of the repo
                continue
            name, _, anchor = target.partition("#")
            path = (page.parent / name).resolve() if name else page
            if not path.exists() or (anchor and path.suffix == ".md"
                                     and anchor not in _anchors(path)):
                broken.append(f"{page.relative_to(ROOT)}: {target}")
    assert broken == []


def _calls_of_run_tick() -> list[str]:
    tree = ast.parse((ROOT / "src" / "architect" / "shell" / "tick.py").read_text("utf-8"))
    run_tick = next(node for node in tree.body
                    if isinstance(node, ast.FunctionDef) and node.name == "run_tick")
    calls = sorted((node for node in ast.walk(run_tick) if isinstance(node, ast.Call)),
                   key=lambda call: (call.lineno, call.col_offset))
    return [call.func.id for call in calls if isinstance(call.func, ast.Name)]


def test_the_tick_drawn_in_the_docs_is_the_one_run_tick_runs() -> None:
    """docs/code.md draws each step with its function, the README the same steps by name:
    both follow `run_tick` as it is, in its order."""
    doc = (ROOT / "docs" / "code.md").read_text(encoding="utf-8")
    drawn = re.findall(r"^  \d (\w+) +(\w+) ", doc.split("## One tick", 1)[1], re.M)
    functions = [function for _, function in drawn]
    assert functions == [name for name in _calls_of_run_tick() if name in functions]
    assert [name for name in _calls_of_run_tick()
            if name.endswith("_step") or name == "read_tick"] == functions
    readme = README.read_text(encoding="utf-8").split("\n## The code\n", 1)[1]
    diagram = readme.split("```\n", 2)[1]
    assert [line.split()[0] for line in diagram.splitlines()
            if line[:1].isalpha()] == [step for step, _ in drawn]
