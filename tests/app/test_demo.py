"""`architect demo` in-process: its narration tells a vision's story to its end, quickly."""

from __future__ import annotations

import io
import re
import time
from pathlib import Path

import pytest
from rich.console import Console

from architect.app.demo import BOT, play_demo, run_demo
from architect.emulator import EmbeddedForge
from architect.shell.dashboard import find


@pytest.mark.parametrize("dialect", ["forgejo", "github"])
def test_the_demo_narrates_the_story_to_the_closed_vision_in_under_30_seconds(
        dialect: str) -> None:
    out = io.StringIO()
    started = time.monotonic()
    assert run_demo(console=Console(file=out, width=120, color_system=None),
                    dialect=dialect) == 0
    elapsed = time.monotonic() - started
    text = out.getvalue()
    assert elapsed < 30, elapsed
    assert ("speaking the GitHub API at" in text) == (dialect == "github")
    assert re.search(r"@alice closed #4 #5 #6 #7 as done, and #8 \(labelled wontfix\) as not "
                     r"planned", text)
    assert "every sub-issue is closed; the vision's story ends" in text
    ending = text.split("the vision's story ends")[1]
    for line in ("Pitched as a sprint:", "Its sprint (PR #1) filed these sub-issues:",
                 "Every sub-issue filed by its sprint (PR #1) is closed.",
                 "Closed as not planned:", "Removed in-progress; closing this vision.",
                 "vision #1 is now closed; labels: vision"):
        assert line in ending, line
    assert "#8 Docs: document due dates and reminders in the README  (depends on #5, #7) — " \
           "closed" in text


def test_piped_the_story_keeps_each_sentence_on_one_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert run_demo() == 0  # stdout captured: a pipe, not a terminal
    lines = capsys.readouterr().out.splitlines()
    assert any(re.fullmatch(r"Embedded forge at http://127\.0\.0\.1:\d+, speaking Forgejo "
                            r"\(offline planner, no model, no network\)", line) for line in lines)
    borders = [line for line in lines if line.startswith(("╭", "╰"))]  # the panels'
    assert borders and max(map(len, borders)) <= 80  # the panels keep their width


ROOT = Path(__file__).resolve().parents[2]
DASHBOARD_DOC = ROOT / "docs" / "dashboard.md"  # the README's "The dashboard" links it


def _comparable(body: str) -> str:
    """The body without what differs from run to run: the forge's port and the day."""
    body = re.sub(r"http://127\.0\.0\.1:\d+", "http://127.0.0.1:PORT", body)
    return re.sub(r"\d{4}-\d{2}-\d{2}", "DAY", body).strip()


def test_the_dashboard_doc_shows_the_dashboard_the_demo_ends_with(tmp_path: Path) -> None:
    assert "](docs/dashboard.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    text = DASHBOARD_DOC.read_text(encoding="utf-8")
    shown = re.search(r"The dashboard of `architect demo` at its end .*?```markdown\n(.*?)\n```",
                      text, re.S)
    assert shown, "the dashboard doc's example is gone"
    with EmbeddedForge() as forge:
        url = forge.start()
        world = play_demo(forge, url, tmp_path, Console(file=io.StringIO()))
        bot = world.client(BOT)
        board = find(bot, world.config, bot.current_user())
    assert board is not None
    assert _comparable(shown[1]) == _comparable(board.body), (
        "the dashboard doc's example is stale; the demo renders:\n" + board.body)
