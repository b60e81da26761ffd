"""Every prompt of a whole sprint on a realistic project, captured as the runner receives it.

The project is bench/samples/shell-factory (a bash agent factory with an 8 KB
VISION.md and a 14 KB AGENTS.md, the size issue 14 measured on); the
sprint is played on the embedded forge by humans and the offline planner,
and each model request is kept: what a language model would have read.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TypeVar

import pytest
from pydantic import BaseModel

from architect.runners.base import Mode, ModelRequest, ModelResult, Runner
from architect.runners.offline import OfflinePlanner
from tests.world import OPS, PROJECT, World, make_world

SAMPLE = Path(__file__).resolve().parents[2] / "bench" / "samples" / "shell-factory"
TITLE, _, BODY = (SAMPLE / "vision.md").read_text().partition("\n")
STEERING_WORDS = "Only the two web hosts for now, and read the health from the Caddy logs."
DRIVE_BY = "+1, and please also support Kubernetes."
REJECTION = "the rollback must not need ssh keys on the CI runner"
T = TypeVar("T", bound=BaseModel)


@dataclass
class Capture:
    runner: Runner = field(default_factory=OfflinePlanner)
    requests: list[ModelRequest[BaseModel]] = field(default_factory=list)
    name: str = "offline"

    def check_ready(self) -> None:
        self.runner.check_ready()

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.requests.append(request)  # type: ignore[arg-type]
        return self.runner.run(request)

    def drop_session(self, session_key: str) -> None:
        self.runner.drop_session(session_key)

    def last(self, mode: Mode) -> ModelRequest[BaseModel]:
        return [r for r in self.requests if r.mode is mode][-1]


def shell_project(tmp_path: Path, **settings: object) -> tuple[World, Capture]:
    capture = Capture()
    extra = "\n".join(f"{k} = {v}" for k, v in settings.items())
    world = make_world(tmp_path, runner=capture, extra=extra)
    for doc in ("VISION.md", "AGENTS.md"):
        world.setup.put_file(PROJECT, doc, (SAMPLE / "repo" / doc).read_text())
    world.config = world.config.model_copy(update={"repo_root": SAMPLE / "repo"})
    return world, capture


def tick(world: World) -> None:
    report = world.tick()
    assert report.failed == []


def pr_number(world: World, state: str = "open") -> int:
    (pr,) = world.bot.list_pulls(OPS, state=state)  # type: ignore[arg-type]
    return pr.number


def test_each_mode_hears_the_humans_and_shares_one_cacheable_prefix(tmp_path: Path) -> None:
    world, capture = shell_project(tmp_path)
    vision = world.vision(TITLE.lstrip("# "), BODY)
    world.comment(vision, STEERING_WORDS, repo=PROJECT)
    world.comment(vision, DRIVE_BY, by="stranger", repo=PROJECT)
    tick(world)
    first_pr = pr_number(world)
    first_pitch = world.bot.get_pull(OPS, first_pr).body.split("## What this enables")[1]
    first_pitch = first_pitch.split("##")[0].strip()
    world.comment(first_pr, f"REJECT: {REJECTION}")
    tick(world)
    world.comment(vision, "Landing page only: a health check and a rollback.", repo=PROJECT)
    tick(world)
    pr = pr_number(world)
    world.comment(pr, "ACCEPT. Keep it small.")
    tick(world)
    world.comment(pr, "Q1: A\nQ2: recommended\n\nThanks, that matches the on-call notes.")
    tick(world)
    assert world.bot.get_pull(OPS, pr).merged

    repitch = capture.requests[1]
    assert repitch.mode is Mode.PITCH
    # The vision's comments, each marked with whether its author may steer.
    assert f"[comment 1 by @alice, who may steer]\n{STEERING_WORDS}" in repitch.prompt
    assert f"by @stranger, who may not steer: context only]\n{DRIVE_BY}" in repitch.prompt
    assert "Landing page only: a health check and a rollback." in repitch.prompt
    # The rejected pitch itself, and why it was rejected.
    assert REJECTION in repitch.prompt.split("<earlier_rejection>")[1]
    rejected = repitch.prompt.split("<rejected_pitch>\n")[1].split("</rejected_pitch>")[0]
    assert first_pitch in rejected and "## Recommendation" in rejected

    questions = capture.last(Mode.QUESTIONS)
    assert "<guidance>\nKeep it small.\n</guidance>" in questions.prompt

    answers = capture.last(Mode.ANSWERS)
    assert "<guidance>\nKeep it small.\n</guidance>" in answers.prompt
    assert "Thanks, that matches the on-call notes." in answers.prompt
    assert "Q1: A\nQ2: recommended" in answers.prompt  # the comment whole
    assert "The program itself read Q1, Q2" in answers.prompt

    filing = capture.last(Mode.FILE)
    assert "<guidance>\nKeep it small.\n</guidance>" in filing.prompt
    assert filing.prompt.count("<vision_issue>") == 1
    assert filing.prompt.count(BODY.strip()) == 1  # (the pitch may quote a line of it)
    assert filing.prompt.count("<pitch>") == 1
    assert filing.prompt.count("## What this enables") == 1
    assert "Q1 (resolved)" in filing.prompt and "(open)" not in filing.prompt
    assert "At most 10 sub-issues may be filed for this sprint." in filing.prompt

    # The stable prefix (system, then the project context) is the same bytes in every
    # mode of the sprint, so a provider's prompt cache serves every call after the first.
    sprint_calls = capture.requests[1:]
    assert [r.mode for r in sprint_calls] == [Mode.PITCH, Mode.QUESTIONS, Mode.ANSWERS,
                                              Mode.FILE]
    assert len({(r.system, r.context) for r in sprint_calls}) == 1
    assert "<agents_md>\n# Working on forgeworks" in filing.context
    assert "Bash 5," in filing.context and "<agents_md>" not in filing.prompt
    # Long enough for a provider to cache it (1,024 tokens; estimated at 4 characters each).
    assert len(filing.system + filing.context) // 4 >= 1024
    for request in sprint_calls:  # the task comes last, after every fact
        assert request.prompt.index("# Task:") > request.prompt.index("<vision_issue>")
        assert request.prompt.rstrip().endswith("no prose around it, no code fences.")


@pytest.mark.parametrize("limit", [1])
def test_a_replan_hears_why_the_filing_check_refused_the_plan(tmp_path: Path, limit: int) -> None:
    world, capture = shell_project(tmp_path, max_sub_issues=limit)
    world.vision(TITLE.lstrip("# "), BODY)
    tick(world)
    pr = pr_number(world)
    world.comment(pr, "ACCEPT")
    tick(world)
    world.comment(pr, "yes")
    tick(world)
    refused = world.bot_comments(pr)[-1]
    assert refused.startswith("Nothing was filed: the proposed sub-issues failed the filing check.")

    world.comment(pr, "Fold the tests into the rollback issue.")
    tick(world)

    replan = capture.last(Mode.FILE)
    check = replan.prompt.split("<filing_check>\n")[1].split("</filing_check>")[0]
    assert "The last plan was not filed" in check
    assert f"at most {limit} may be filed for one sprint (`[architect].max_sub_issues`)" in check
    assert f"At most {limit} sub-issues may be filed for this sprint." in check
    assert "Fold the tests into the rollback issue." in replan.prompt
