"""The busy tick of bench/tick.py (the README's "busy" figures) on a small forge: each
vision's facts are worked out once, and again only when the tick's own writes change them."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from tick import busy_tick

from architect.core import visions
from architect.core.actions import FileSprint, FinishSprint
from architect.core.facts import Eligibility, MergedSprint, VisionFacts
from architect.forge.models import Issue
from world import Sizes, build_world

SMALL = Sizes(visions=20, prs=3, closed=20, issues=20, comments=5, sub_issues=5,
              index_delay=0.0)


def test_a_busy_tick_works_out_each_visions_facts_once(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    world = build_world(SMALL, tmp_path)
    worked: dict[int, list[tuple[object, ...]]] = defaultdict(list)
    facts_of = visions.facts_of

    def counted(vision: Issue, sprint_pr: int | None, story: MergedSprint | None,
                verdict: Eligibility | None, settings: object) -> VisionFacts:
        worked[vision.number].append((vision, sprint_pr, story, verdict))
        return facts_of(vision, sprint_pr, story, verdict, settings)  # type: ignore[arg-type]

    monkeypatch.setattr(visions, "facts_of", counted)
    figures, report = busy_tick(world)

    # What the tick wrote to: the vision it pitched, and the one whose sprint it filed and
    # merged; their facts changed, so the render works them out again, once.
    written = {a.subject.vision for a in report.applied
               if a.pitches or isinstance(a, FileSprint | FinishSprint)}
    assert len(written) == 2 and figures.writes > 0
    with world.client("alice") as alice:
        open_visions = {i.number for i in alice.list_issues("acme/shop", labels=["vision"])}
    assert set(worked) >= open_visions - written
    for number, inputs in worked.items():
        assert len(inputs) == len({repr(i) for i in inputs}), number  # never twice the same
        assert len(inputs) == (2 if number in written else 1), number
