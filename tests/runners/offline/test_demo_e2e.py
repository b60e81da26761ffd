"""The demo's seed content, played by a human on the embedded forge, through real ticks."""

from __future__ import annotations

from pathlib import Path

from architect.app.demo_project import DEMO
from tests.world import OPS, PROJECT, World, make_world


def play(world: World, pr: int, key: str, step: int) -> None:
    reply = DEMO.replies_for(key)[step]
    world.comment(pr, reply.body)
    world.tick()


def test_the_demo_walks_the_whole_lifecycle_with_the_offline_planner(tmp_path: Path) -> None:
    world = make_world(tmp_path, max_open_pitches=2)
    visions = {v.key: world.vision(v.title, v.body) for v in DEMO.visions}
    world.setup.put_file(OPS, "prerequisites.md", DEMO.prerequisites_md)

    world.tick()
    pitched = {pr.title: pr.number for pr in world.bot.list_pulls(OPS, state="open")}
    assert set(pitched) == {
        "architect: Due dates and reminders",
        "architect: Sync todos across machines",
    }
    due, sync = (
        pitched["architect: Due dates and reminders"],
        pitched["architect: Sync todos across machines"],
    )

    play(world, due, "due-dates", 0)  # ACCEPT with guidance
    assert "Q2:" in world.bot_comments(due)[-1]
    play(world, sync, "sync", 0)  # REJECT: too much infra
    play(world, due, "due-dates", 1)  # Q1: B because …
    play(world, due, "due-dates", 2)  # free text, read by the planner; asks the follow-up
    asked = world.bot_comments(due)[-1]
    assert "Q3:" in asked
    # The follow-ups are announced once, by their heading.
    assert asked.count("Follow-up questions") == 1 and "come next" not in asked
    play(world, due, "due-dates", 3)  # Q3: A because …; everything is resolved: filing

    filed = [
        i
        for i in world.bot.list_issues(PROJECT, state="open", type="issues")
        if f"Decomposed from #{visions['due-dates']}" in i.body
    ]
    assert len(filed) == 5 and all("backlog" in i.label_names for i in filed)
    docs = next(i for i in filed if i.title.startswith("Docs:"))
    assert docs.body.count("Depends on #") == 2
    states = {pr.title: (pr.state, pr.merged) for pr in world.bot.list_pulls(OPS, state="all")}
    assert states["architect: Due dates and reminders"] == ("closed", True)
    assert states["architect: Sync todos across machines"] == ("closed", False)
    assert states["architect: Tags and filters"] == ("open", False)  # third, pitched last

    # The developers close the sub-issues, one as not planned; the story ends.
    alice = world.client("alice")
    for issue in sorted(filed, key=lambda i: i.number):
        if issue is docs:
            alice.add_issue_labels(PROJECT, issue.number, ["wontfix"])
        alice.edit_issue(PROJECT, issue.number, state="closed")
    world.tick()
    vision = world.bot.get_issue(PROJECT, visions["due-dates"])
    assert vision.state == "closed" and "in-progress" not in vision.label_names
    told = world.bot_comments(visions["due-dates"], repo=PROJECT)
    assert [c.split("\n")[0] for c in told] == [
        f"Pitched as a sprint: {world.bot.get_pull(OPS, due).html_url} (PR #{due} on the ops "
        "repo). Reply there with `ACCEPT`, or `REJECT: <reason>`.",
        f"Its sprint (PR #{due}) filed these sub-issues:",
        f"Every sub-issue filed by its sprint (PR #{due}) is closed.",
    ]
    assert f"Closed as not planned:\n- #{docs.number} {docs.title} (label `wontfix`)" in told[2]
