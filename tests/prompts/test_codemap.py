"""The structural summary of a checkout."""

from __future__ import annotations

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

    assert len(summary) <= 650
    assert summary.endswith("more lines")


def test_no_directory_no_summary(tmp_path: Path) -> None:
    assert summarize(tmp_path / "missing") == ""
