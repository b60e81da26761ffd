"""The structural summary of a checkout."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

from architect.codemap import summarize


def a_tree(root: Path) -> Path:
    files = {
        "README.md": "# demo\n",
        "src/demo/__init__.py": '"""The demo package."""\n',
        "src/demo/loop.py": (
            '"""The loop: ticks every interval.\n\nMore text."""\n'
            "import os\nimport httpx\nfrom demo import config\nfrom . import forge\n"
            "def f():\n    import rich\n"
        ),
        "src/demo/broken.py": "def (:\n",
        "tests/test_loop.py": "import pytest\n",
        ".venv/lib/site.py": "import nothing\n",
        "node_modules/x/index.js": "",
        ".git/HEAD": "ref: refs/heads/main\n",
    }
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_layout_and_modules_with_their_docstring_and_imports(tmp_path: Path) -> None:
    summary = summarize(a_tree(tmp_path))

    assert summary.splitlines()[:4] == [
        "Layout:",
        "  src/ (3 files)",
        "  tests/ (1 file)",
        "  README.md",
    ]
    assert (
        "  src/demo/loop.py — The loop: ticks every interval. [imports: ., demo, httpx, rich]"
    ) in summary
    assert "  src/demo/__init__.py — The demo package." in summary
    assert "  src/demo/broken.py — (unparsable)" in summary
    assert "os" not in summary.split("loop.py")[1].splitlines()[0]  # stdlib left out
    assert ".venv" not in summary
    assert "node_modules" not in summary
    assert ".git" not in summary


def test_a_large_tree_is_cut_with_a_note(tmp_path: Path) -> None:
    for i in range(50):
        (tmp_path / f"mod_{i:02d}.py").write_text(f'"""Module number {i}."""\n')

    summary = summarize(tmp_path, max_chars=600)

    assert len(summary) <= 600
    assert summary.endswith("less important files left out (./ 30)")
    assert "  mod_19.py" in summary and "mod_20.py\n" not in summary


def test_no_directory_no_summary(tmp_path: Path) -> None:
    assert summarize(tmp_path / "missing") == ""


def write(root: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root


def test_a_shell_project_shows_its_functions_and_scripts_without_an_extension(
    tmp_path: Path,
) -> None:
    summary = summarize(write(tmp_path, {
        "deploy.sh": "#!/bin/sh\nbuild_site() {\n  hugo\n}\nfunction reload_caddy {\n}\n"
                     "function rotate_logs() {\n}\n",
        "bin/release": "#!/usr/bin/env bash\npublish() {\n  :\n}\n",
        "tests/deploy.bats": "@test 'x' {\n}\n",
        "README.md": "# deployer\n",
    }))  # fmt: skip

    assert "  deploy.sh [defs: build_site, reload_caddy, rotate_logs]" in summary
    assert "  bin/release [defs: publish]" in summary
    files = summary.split("definitions]:\n")[1].splitlines()
    assert files == ["  bin/release [defs: publish]",
                     "  deploy.sh [defs: build_site, reload_caddy, rotate_logs]",
                     "  README.md", "  tests/deploy.bats"]  # fmt: skip


def test_go_rust_and_javascript_top_level_definitions(tmp_path: Path) -> None:
    summary = summarize(write(tmp_path, {
        "svc/main.go": "package main\n\ntype Server struct{}\n\nfunc (s *Server) Serve() {}\n"
                       "func main() {\n\tx := func() {}\n}\n",
        "core/src/lib.rs": "pub struct Queue;\npub(crate) fn push() {}\nenum State { A }\n"
                           "    fn inner() {}\n",
        "web/app.ts": "export default async function handler() {}\nexport interface Props {}\n"
                      "const limit = 3;\nclass Cart {}\n",
    }))  # fmt: skip

    assert "  svc/main.go [defs: Server, Serve, main]" in summary
    assert "  core/src/lib.rs [defs: Queue, push, State]" in summary  # not the nested fn
    assert "  web/app.ts [defs: handler, Props, limit, Cart]" in summary


def test_source_comes_before_tests_and_benches_whatever_the_alphabet(tmp_path: Path) -> None:
    files = {f"bench/b_{i:03d}.py": f"def bench_{i}(): ...\n" for i in range(200)}
    files |= {f"tests/test_{i:03d}.py": f"def test_{i}(): ...\n" for i in range(200)}
    files |= {"src/app/runners/api.py": '"""Talks to the API."""\ndef ask(): ...\n',
              "src/app/cli.py": '"""The CLI."""\n', "docs/guide.md": "# guide\n"}  # fmt: skip

    summary = summarize(write(tmp_path, files), max_chars=1500)

    assert len(summary) <= 1500
    assert "  src/app/runners/api.py — Talks to the API. [defs: ask]" in summary
    assert summary.index("src/app/cli.py") < summary.index("docs/guide.md")
    assert "bench/b_" not in summary.split("definitions]:")[1]
    note = r"… and \d+ less important files left out \(bench/ 200, tests/ \d+\)$"
    assert re.search(note, summary)


def test_a_git_checkout_lists_its_tracked_files_only(tmp_path: Path) -> None:
    root = write(tmp_path, {"tool.sh": "run() {\n}\n", "notes.txt": "scratch\n"})
    git = ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.org"]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "tool.sh"], check=True)
    subprocess.run([*git, "commit", "-qm", "one"], check=True)

    summary = summarize(root)

    assert "  tool.sh [defs: run]" in summary
    assert "notes.txt" not in summary
