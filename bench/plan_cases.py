"""The plan-quality bench's lifecycle cases (issue 30): a plan stays what people saw.

For a sample, on a fresh embedded forge, with the offline planner:

- `revision`: a REQUEST_CHANGES review asks to drop the vision's last task; the reply
  must say what became of the point and what to do next, the pitch must count one task
  fewer, and the filing must leave the task out.
- `staleness`: a task is added to the vision while its pitch waits: one note, and the
  pitch shows it; after the approval the task is taken out again: the plan asks for
  ACCEPT again and files nothing until then; what is filed is what was approved again.
- `narrowing`: a REQUEST_CHANGES review keeps the first task but limits it ("Keep “…”
  but only a first version: no configuration"): the reply says it was narrowed, the
  pitch keeps every task, and the filed sub-issue of that task (and no other) carries
  the review's scope.
- `cited file`: a file the first task cites is edited while the pitch waits: one note
  naming it; edited again after the approval: the plan asks for ACCEPT again and files
  nothing until then.

Each case returns its checks, as `plan_checks.Check`s; `plan_quality.py` prints them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from plan_checks import Check

from architect.forge.client import ForgeClient


def _tasks(body: str) -> list[str]:
    return re.findall(r"(?m)^[ \t]*[-*] \[ \] (.+)$", body)


def _title(task: str) -> str:
    """A task's words without its notes, as the offline planner titles it."""
    return " ".join(re.sub(r"\s*\((?:id|after|files?)\s*:[^)]*\)", "", task).split())


def revision(world: CaseWorld) -> list[Check]:
    tasks = _tasks(world.vision_body)
    dropped = _title(tasks[-1])
    world.tick()
    pr = world.pr()
    world.review(pr, "REQUEST_CHANGES", f"Drop “{dropped}”: not in this sprint.")
    world.tick()
    reply = world.bot_comments(pr)[-1]
    body = world.pitch(pr)
    checks = [
        Check("revision: the reply says the point changed the plan",
              "— changed: dropped" in reply, reply[:160]),
        Check("revision: the reply says what to do next", "Next: reply `ACCEPT`" in reply),
        Check("revision: the pitch counts one task fewer",
              f"— {len(tasks) - 1} task" in body or (len(tasks) == 1 and "no tasks" in body)),
    ]
    world.finish(pr)
    titles = world.filed_titles()
    checks.append(Check("revision: the dropped task is not filed",
                        bool(titles) and dropped not in titles, ", ".join(titles)))
    return checks


EXTRA = "- [ ] Bench extra task (id: bench-extra)"


def staleness(world: CaseWorld) -> list[Check]:
    first = _tasks(world.vision_body)[0]
    more = world.vision_body.replace(first, f"{first}\n{EXTRA}", 1)
    world.tick()
    pr = world.pr()
    said = len(world.bot_comments(pr))
    world.edit_vision(more)
    world.tick()
    notes = world.bot_comments(pr)[said:]
    checks = [
        Check("staleness: one note when the vision changes before the decision",
              len(notes) == 1 and "added the task “Bench extra task”" in notes[0],
              " | ".join(n[:80] for n in notes)),
        Check("staleness: the pitch shows the added task", "Bench extra task" in world.pitch(pr)),
    ]
    world.accept(pr)
    world.edit_vision(world.vision_body)
    world.tick()
    asked = world.bot_comments(pr)[-1]
    checks.append(Check("staleness: after the approval it asks for ACCEPT again",
                        asked.startswith("The vision changed since you approved"), asked[:80]))
    world.tick()
    checks.append(Check("staleness: nothing filed until ACCEPT again",
                        not world.filed_titles()))
    world.finish(pr)
    titles = world.filed_titles()
    checks.append(Check("staleness: what is filed is what was approved again",
                        bool(titles) and "Bench extra task" not in titles, ", ".join(titles)))
    return checks


SCOPE = "only a first version, no configuration"


def narrowing(world: CaseWorld) -> list[Check]:
    tasks = _tasks(world.vision_body)
    narrowed = _title(tasks[0])
    world.tick()
    pr = world.pr()
    world.review(pr, "REQUEST_CHANGES",
                 f"Keep “{narrowed}” but only a first version: no configuration.")
    world.tick()
    reply = world.bot_comments(pr)[-1]
    checks = [
        Check("narrowing: the reply says the task was narrowed",
              "— changed: narrowed" in reply, reply[:160]),
        Check("narrowing: the pitch keeps every task",
              f"— {len(tasks)} task" in world.pitch(pr)),
    ]
    world.finish(pr)
    bodies = world.filed_bodies()
    carrying = sorted(t for t, b in bodies.items() if f"Narrowed in review: {SCOPE}" in b)
    checks.append(Check("narrowing: the narrowed task is filed with the review's scope",
                        carrying == [narrowed], ", ".join(carrying) or ", ".join(bodies)))
    return checks


def cited_file(world: CaseWorld) -> list[Check]:
    paths = re.findall(r"\(files?:\s*([^)]+)\)", "\n".join(_tasks(world.vision_body)))
    cited = next((p for group in paths for p in (q.strip() for q in group.split(","))
                  if world.holds(p)), None)
    if cited is None:
        return [Check("cited file: the vision cites a file the repo holds", False)]
    world.tick()
    pr = world.pr()
    said = len(world.bot_comments(pr))
    world.edit_file(cited, "# edited by the bench\n")
    world.tick()
    notes = world.bot_comments(pr)[said:]
    checks = [Check("cited file: one note naming the file when it changes before the decision",
                    len(notes) == 1 and f"the cited file `{cited}` changed" in notes[0],
                    " | ".join(n[:80] for n in notes))]
    world.accept(pr)
    world.edit_file(cited, "# edited again by the bench\n")
    world.tick()
    asked = world.bot_comments(pr)[-1]
    checks.append(Check("cited file: after the approval it asks for ACCEPT again",
                        "changed since you approved" in asked and cited in asked, asked[:80]))
    world.tick()
    checks.append(Check("cited file: nothing filed until ACCEPT again", not world.filed_titles()))
    world.finish(pr)
    checks.append(Check("cited file: filed once accepted again", bool(world.filed_titles())))
    return checks


CASES: dict[str, Callable[[CaseWorld], list[Check]]] = {
    "revision": revision, "staleness": staleness, "narrowing": narrowing,
    "cited file": cited_file}


@dataclass
class CaseWorld:
    """The sample's forge with its vision filed, and the human's moves in a case."""

    bot: ForgeClient
    human: ForgeClient
    review_as_human: Callable[[int, str, str], None]
    tick: Callable[[], None]
    project: str
    ops: str
    bot_login: str
    vision: int
    vision_body: str
    repo_root: Path | None = None  # the project's checkout the architect reads, if any

    def pr(self) -> int:
        return next(iter(self.bot.list_pulls(self.ops, state="all"))).number

    def pitch(self, pr: int) -> str:
        return self.bot.get_pull(self.ops, pr).body

    def bot_comments(self, pr: int) -> list[str]:
        return [c.body for c in self.bot.list_comments(self.ops, pr)
                if c.user.login == self.bot_login]

    def review(self, pr: int, event: str, body: str) -> None:
        self.review_as_human(pr, event, body)

    def edit_vision(self, body: str) -> None:
        self.human.edit_issue(self.project, self.vision, body=body)

    def accept(self, pr: int) -> None:
        self.human.create_comment(self.ops, pr, "ACCEPT")
        self.tick()

    def finish(self, pr: int, ticks: int = 6) -> None:
        """ACCEPT (again) where asked, `yes` to the questions, until the sprint is filed."""
        for _ in range(ticks):
            got = self.bot.get_pull(self.ops, pr)
            if got.merged or got.state != "open":
                return
            comments = self.bot.list_comments(self.ops, pr)
            last = comments[-1].body
            ours = comments[-1].user.login == self.bot_login
            if ours and ("Design questions before" in last or "Still open:" in last):
                self.human.create_comment(self.ops, pr, "yes")
            elif ours and "`ACCEPT`" in last:
                self.human.create_comment(self.ops, pr, "ACCEPT")
            elif not ours:  # accepted again: the questions asked before still wait
                self.human.create_comment(self.ops, pr, "yes")
            self.tick()

    def holds(self, path: str) -> bool:
        if self.repo_root is not None:
            return (self.repo_root / path).is_file()
        return self.human.get_file(self.project, path) is not None

    def edit_file(self, path: str, text: str) -> None:
        """A person changes a file of the project (in the checkout the architect reads, or
        pushed to the primary branch)."""
        if self.repo_root is not None:
            (self.repo_root / path).write_text(text)
            return
        found = self.human.get_file(self.project, path)
        assert found is not None
        self.human.update_file(self.project, path, text, sha=found.sha, branch="main",
                               message=f"edit {path}")

    def filed_bodies(self) -> dict[str, str]:
        return {i.title: i.body for i in self.bot.list_issues(self.project, state="all",
                                                               labels=["backlog"])}

    def filed_titles(self) -> list[str]:
        return sorted(i.title for i in self.bot.list_issues(self.project, state="all",
                                                            labels=["backlog"]))
