"""`architect status`'s table as a reader of its stdout sees it."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from architect.app.status import StatusRow, render_table

WAITS = "a human: ACCEPT, REJECT: <reason>, or a review (and a long explanation after it)"


def rows() -> list[StatusRow]:
    return [StatusRow("sprint", 12, "architect: Sync todos across machines, offline first",
                      "pitch awaiting decision", datetime(2026, 11, 27, 9, 13, 5, tzinfo=UTC),
                      WAITS, vision=3)]


def test_piped_a_row_stays_one_line(capsys: pytest.CaptureFixture[str],
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    render_table(rows(), title="architect status: shop")
    out = capsys.readouterr().out
    (row,) = [line for line in out.splitlines() if "#12" in line]
    assert "architect: Sync todos across machines, offline first" in row
    assert WAITS in row and "2026-11-27 09:13" in row
    assert max(map(len, out.splitlines())) > 80


def test_piped_with_columns_set_the_table_fits_them(capsys: pytest.CaptureFixture[str],
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    render_table(rows(), title="architect status: shop")
    out = capsys.readouterr().out
    assert max(map(len, out.splitlines())) <= 100
    assert WAITS not in out  # folded to fit, as asked
