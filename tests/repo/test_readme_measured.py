"""The performance table (issue 20: "shows no failing row"), in docs/performance.md since
the README links it: each row a figure `bench/tick.py` printed, each within its target or
shown for information only."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
PERFORMANCE = ROOT / "docs" / "performance.md"


def measured_rows() -> list[str]:
    text = PERFORMANCE.read_text(encoding="utf-8")
    section = text[text.index("\n## Measured\n"):]
    section = section[:section.index("\n## ", 1)]
    return [line for line in section.splitlines()
            if re.fullmatch(r"\|.*\| (PASS|FAIL|info|----) \|", line)]


def test_the_performance_table_has_rows_and_none_fails_and_the_readme_links_it() -> None:
    assert "](docs/performance.md)" in (ROOT / "README.md").read_text(encoding="utf-8")
    rows = measured_rows()
    assert len(rows) >= 15, "the Measured table is missing or was cut"
    assert [r for r in rows if r.endswith("| FAIL |")] == []
    # A row without a target is information, and says so beside the table.
    assert all(r.endswith(("| PASS |", "| info |")) for r in rows)
