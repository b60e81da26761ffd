"""The dashboard body: sections in reading order, boxes that read back, stable text."""

from __future__ import annotations

from architect.core.dashboard import (
    ArchitectState,
    Box,
    BoxKind,
    Dashboard,
    Entry,
    Link,
    Section,
    box_of,
    is_dashboard,
    offered_boxes,
    render,
    ticked_boxes,
)

URL = "http://forge/acme/todo/issues"


def board(*, enabled: bool = True) -> Dashboard:
    return Dashboard("todo", "architect-bot", (
        Entry(Section.IN_PROGRESS, 3, "Tags and filters", f"{URL}/3", "sub-issues filed",
              "2026-11-20 10:00", "its sub-issues (1 of 4 closed)",
              (Link("PR #5", "http://forge/acme/todo-ops/pulls/5"),)),
        Entry(Section.NEEDS_HUMAN, 2, "Due dates", f"{URL}/2", "pitch awaiting a decision",
              "2026-11-21 09:00", "a human: ACCEPT or REJECT: <reason>",
              (Link("PR #4", "http://forge/acme/todo-ops/pulls/4"),)),
        Entry(Section.WAITING, 7, "Sync", f"{URL}/7", "rejected", "2026-11-19 08:00",
              "an edit, a comment, or the box", boxes=(Box(BoxKind.PITCH_AGAIN, 7),)),
    ), ArchitectState(enabled, "6h", "offline", 0.42, "ok"))


def test_sections_come_in_reading_order_with_links() -> None:
    body = render(board())
    order = [body.index(f"## {s.value}") for s in Section] + [body.index("## The architect")]
    assert order == sorted(order)
    assert body.index("#2") < body.index("#3")  # needs a human comes before in progress
    assert ("- **[#2](http://forge/acme/todo/issues/2) Due dates**: pitch awaiting a decision "
            "(since 2026-11-21 09:00); waits for a human: ACCEPT or REJECT: <reason>. "
            "[PR #4](http://forge/acme/todo-ops/pulls/4)") in body
    assert "## Recently finished (30 days)\n\n_Nothing here._" in body
    assert "- model spend this month: $0.42" in body


def test_the_same_board_renders_the_same_bytes() -> None:
    assert render(board()) == render(board())
    assert is_dashboard(render(board()))
    assert not is_dashboard("Architect dashboard <!-- architect: footer -->")


def test_a_ticked_box_reads_back_by_its_id_and_an_unticked_one_does_not() -> None:
    body = render(board())
    assert ticked_boxes(body) == []
    ticked = body.replace("- [ ] pitch again", "- [x] pitch again").replace(
        "- [ ] pause the architect", "* [X] pause the architect")
    assert ticked_boxes(ticked) == ["pitch-again-7", "pause"]
    offered = offered_boxes(board())
    assert box_of("pitch-again-7", offered) == Box(BoxKind.PITCH_AGAIN, 7)
    assert box_of("pitch-again-9", offered) is None  # a stale or forged id names nothing


def test_a_paused_architect_offers_resume() -> None:
    body = render(board(enabled=False))
    assert "**paused**" in body and "- [ ] resume the architect" in body
    assert "pause the architect" not in body.split("## The architect")[1].replace(
        "**paused**", "")


def test_a_box_id_pasted_in_text_without_a_checkbox_is_not_a_tick() -> None:
    body = render(board()) + "\nsee <!-- architect: box id=retry-2 --> here\n- [x] no marker\n"
    assert ticked_boxes(body) == []
