"""A step the tick's own writes make due is checked as the decided ones are: before
the model is asked for anything the forge would refuse."""

from __future__ import annotations

from pathlib import Path

from tests.world import BOT, OPS, PROJECT, make_world


def test_a_filing_the_answers_make_due_is_checked_before_the_model_plans(
        tmp_path: Path) -> None:
    """Answers that resolve every fork go on to the filing in the same tick; when the
    architect may no longer write on the project repo, that filing is blocked with the
    reason before the model is asked for a plan, and the answers still land."""
    world = make_world(tmp_path)
    number = world.accepted()
    world.setup.add_collaborator(PROJECT, BOT, "read")
    world.comment(number, "yes")

    report = world.tick()

    assert [type(a).__name__ for a in report.applied] == ["ProcessAnswers"]
    ((blocked, why),) = report.blocked
    assert type(blocked).__name__ == "FileSprint"
    assert why == (f"{PROJECT}: @{BOT} may not write issues, labels and comments here: give "
                   f"@{BOT} write access (Settings → Collaborators)")
    assert report.model_calls == 1  # the answers only: no plan was asked for
    assert not any("<!-- architect:plan" in body for body in world.bot_comments(number))
    assert world.bot.list_issues(PROJECT, state="open", labels=["backlog"]) == []

    world.setup.add_collaborator(PROJECT, BOT, "write")
    again = world.tick()
    assert [type(a).__name__ for a in again.applied] == ["FileSprint", "FinishSprint"]
    assert world.bot.get_pull(OPS, number).merged
