"""The lessons digest (`runners.offline.lessons`): why past pitches were rejected, once
each, oldest first, within the size the file may have."""

from __future__ import annotations

from architect.core.inputs import LESSONS_MAX_BYTES, PlannerInputs, ProjectContext, VisionInput
from architect.runners.offline.lessons import digest

HEAD = "# Lessons learned\n\nWhy past sprint pitches were rejected (oldest first):\n\n"


def entry(vision: str, outcome: str, text: str) -> str:
    return (f"# PR #3: {outcome}\n\n- Vision: {vision}\n- Date: 2026-11-25 09:00 UTC\n"
            f"- Outcome: {outcome}\n\n{text}\n")


def inputs(lessons: str = "", *entries: str) -> PlannerInputs:
    return PlannerInputs("shop", VisionInput(1, "Wishlists", ""),
                         context=ProjectContext(lessons=lessons), journal_entries=entries)


def test_old_lessons_then_new_rejections_each_once_with_their_vision() -> None:
    found = digest(inputs("# Lessons\n\n- Too big for one sprint\n* No new database\n",
                          entry("#7 — Wishlists", "rejected", "REJECT: too big for one sprint"),
                          entry("#8 — Gift cards", "merged", "Filed 3 issues."),
                          entry("#9 — Search", "rejected", "REJECT: needs a search service")))
    assert found.lessons == HEAD + ("- Too big for one sprint\n- No new database\n"
                                    "- needs a search service (vision #9 — Search)\n")


def test_nothing_learned_is_the_heading_alone() -> None:
    assert digest(inputs()).lessons == HEAD.rstrip() + "\n"


def test_the_oldest_lessons_give_way_to_stay_within_the_size() -> None:
    many = "".join(f"- lesson {n} " + "x" * 200 + "\n" for n in range(40))
    found = digest(inputs(many)).lessons
    assert len(found.encode()) <= LESSONS_MAX_BYTES
    assert "- lesson 39 " in found and "- lesson 0 " not in found
