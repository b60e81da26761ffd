"""The busy tick of bench/tick.py (the README's "busy" figures) on a small forge: each
vision's facts are worked out once, its sprint's table speaking for it while it has one."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from tick import busy_tick

from architect.core import visions
from architect.core.actions import FileSprint
from architect.core.facts import Eligibility, MergedSprint, VisionFacts
from architect.core.sprint import vision_of_branch
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

    # Once each: before the tick's writes for the vision it pitched (the render shows its
    # sprint), after them for the one whose sprint it filed and merged (the plan saw the
    # sprint); none for a vision whose sprint PR stays open (the sprint's table speaks).
    assert {a.subject.vision for a in report.applied if a.pitches} <= set(worked)
    assert figures.writes > 0
    with world.client("alice") as alice:
        open_visions = {i.number for i in alice.list_issues("acme/shop", labels=["vision"])}
        in_sprint = {vision_of_branch(p.head.ref) for p in alice.list_pulls("acme/shop-ops")}
    filed = {a.subject.vision for a in report.applied if isinstance(a, FileSprint)}
    assert filed and filed <= set(worked)
    assert set(worked) >= open_visions - in_sprint
    assert {n: len(inputs) for n, inputs in worked.items() if len(inputs) != 1} == {}
