"""`architect demo` in-process: its narration tells a vision's story to its end, quickly."""

from __future__ import annotations

import io
import re
import time

from rich.console import Console

from architect.app.demo import run_demo


def test_the_demo_narrates_the_story_to_the_closed_vision_in_under_30_seconds() -> None:
    out = io.StringIO()
    started = time.monotonic()
    assert run_demo(console=Console(file=out, width=120, color_system=None)) == 0
    elapsed = time.monotonic() - started
    text = out.getvalue()
    assert elapsed < 30, elapsed
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
