"""The dashboard issue on the ops repo: found, steered by its boxes, written when it changes.

Reading it is one request a tick (the bot's issues with the dashboard label);
it is written only when the rendered body differs from the one there, so an
idle tick writes nothing. It is created in one request with its mark in the
body, and found again by that mark, so a crash after the create leaves one.

Who ticked a box: the forge does not say who edited an issue's body (no API,
no timeline entry), but only the ops repo's writers and the bot may edit it
(Forgejo's EditIssue rule). So a tick counts when every writer may steer
(`reviewers` empty). With `reviewers` set, it counts when a signed webhook
delivery (`issues` `edited`, recorded by the listener in the project's state
dir with the body's hash: shell/guards.record_edit) says someone in
`reviewers` left the body exactly as it is now; the record is taken once.
Otherwise it is unticked with a note asking for a comment on the vision
instead. The bot renders every box unticked, so its own edits never tick one.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime

from architect.config import ProjectConfig
from architect.core import board as board_
from architect.core.dashboard import (
    ArchitectState,
    Box,
    BoxKind,
    Dashboard,
    Finished,
    box_of,
    carried_forward,
    is_dashboard,
    offered_boxes,
    previous_finishes,
    previous_open,
    render,
    ticked_boxes,
)
from architect.core.decide import Decision
from architect.core.markers import RejectedMark, find_vision, marks_of
from architect.core.render import FILED_HEADING
from architect.core.snapshot import Snapshot
from architect.core.sprint import vision_of_branch, vision_title_of
from architect.forge.models import Issue, PullRequest, User
from architect.forge.protocol import Forge
from architect.runners.sessions import SessionStore
from architect.shell import guards
from architect.shell.logs import outcome_log
from architect.shell.writes import ensure_comment, ensure_no_label

log = logging.getLogger("architect")
LABEL_COLOR = "#5319e7"
_FILED = re.compile(rf"^{re.escape(FILED_HEADING)}(.*)$", re.MULTILINE)
NOT_STEERABLE = ("A box was ticked, but `reviewers` is set and the forge does not say who "
                 "edited this issue, so it was unticked: ask with a comment on the vision or "
                 "sprint PR instead.")


@dataclass
class Steered:
    """What the ticked boxes asked for, done."""

    paused: bool | None = None  # True: paused now; False: resumed now
    answered: list[str] = field(default_factory=list)  # box ids answered on the forge
    notes: list[str] = field(default_factory=list)


def find(forge: Forge, config: ProjectConfig, bot: User) -> Issue | None:
    """The dashboard: the bot's issue with the label whose body carries the project's mark."""
    found = [i for i in forge.list_issues(config.ops_repo, state="all", type="issues",
                                          labels=[config.architect.dashboard_label],
                                          created_by=bot.login)
             if i.user.login == bot.login and is_dashboard(i.body, config.name)]
    # Open first; among equals the oldest (two could only come from another tool).
    return min(found, key=lambda i: (i.state != "open", i.number), default=None)


def board_of(snapshot: Snapshot, decision: Decision, config: ProjectConfig, *, enabled: bool,
             last_tick: str, finished: Sequence[Finished], notes: Sequence[str] = ()
             ) -> Dashboard:
    s = config.architect
    return Dashboard(config.name, snapshot.bot.login,
                     tuple(board_.entries(snapshot, decision, s)),
                     ArchitectState(enabled, _interval(s.interval.total_seconds()),
                                    f"{s.model}" + (f" ({s.model_name})" if s.model != "offline"
                                                    else ""),
                                    _spend(config, snapshot.now), last_tick),
                     notes=tuple(notes), finished=tuple(finished))


def steer(forge: Forge, config: ProjectConfig, issue: Issue | None, board: Dashboard,
          snapshot: Snapshot, *, live: bool) -> Steered:
    """Carry out the boxes ticked in the dashboard's current body."""
    done = Steered()
    if issue is None or issue.state != "open":
        return done
    # Paused, the architect does nothing but read its dashboard, so only "resume" counts.
    offered = offered_boxes(board) if board.architect.enabled else [Box(BoxKind.RESUME)]
    ticked = [box for box in (box_of(i, offered) for i in ticked_boxes(issue.body)) if box]
    if not ticked:
        return done
    if config.architect.reviewers and not _steered_by_reviewer(config, issue):
        log.warning("dashboard: %d ticked box(es) undone: reviewers are set and no recorded "
                    "webhook delivery says a reviewer left this body", len(ticked))
        done.notes.append(NOT_STEERABLE)
        return done
    for box in ticked:
        outcome_log.info("dashboard: %s", box.kind.value)
    if not live:
        return done
    if config.architect.reviewers:
        guards.forget_edits(config.project_state_dir, issue.number)  # taken once
    _pause_or_resume(config, ticked, done)
    for request in board_.requests(ticked, snapshot):
        repo = config.ops_repo if request.on_ops else config.repo
        if request.remove_label:  # first: the answer is the mark that the box was done
            ensure_no_label(forge, repo, request.number, request.remove_label)
        ensure_comment(forge, repo, request.number, f"{request.text}\n\n{request.mark.render()}",
                       bot_login=snapshot.bot.login, mark=request.mark)
        done.answered.append(request.box.id)
    return done


def _steered_by_reviewer(config: ProjectConfig, issue: Issue) -> bool:
    """A signed webhook delivery said someone in `reviewers` left the body as it is now."""
    reviewers = {r.lower() for r in config.architect.reviewers}
    editors = guards.edited_by(config.project_state_dir, issue.number, issue.body)
    return any(login.lower() in reviewers for login in editors)


def _pause_or_resume(config: ProjectConfig, ticked: Sequence[Box], done: Steered) -> None:
    kinds = {box.kind for box in ticked}
    if BoxKind.PAUSE in kinds:
        guards.disable(config.project_state_dir)
        done.paused = True
        outcome_log.info("dashboard: paused (the active flag is removed)")
    elif BoxKind.RESUME in kinds:
        guards.enable(config.project_state_dir)
        done.paused = False
        outcome_log.info("dashboard: resumed (the active flag is back)")


def write(forge: Forge, config: ProjectConfig, issue: Issue | None, board: Dashboard) -> Issue:
    """Create the dashboard, or edit its body when the render differs; nothing otherwise."""
    body = render(board)
    s = config.architect
    if issue is None:
        label = _label_id(forge, config)
        created = forge.create_issue(config.ops_repo, title=s.dashboard_title, body=body,
                                     label_ids=[label])
        outcome_log.info("dashboard: created #%d", created.number)
        return created
    if issue.state != "open":
        return issue  # a person closed it: the architect leaves it closed
    if issue.body.replace("\r\n", "\n") != body:
        outcome_log.info("dashboard: #%d updated", issue.number)
        return forge.edit_issue(config.ops_repo, issue.number, body=body)
    return issue


def finishes(forge: Forge, config: ProjectConfig, issue: Issue | None,
             snapshot: Snapshot) -> list[Finished]:
    """The sprints that ended since the last render: open then, gone now. Read from the
    forge (a request or two each, only when one ended), so a tick that died after the
    merge loses none."""
    if issue is None:
        return []
    now_open = {sprint.pr.number for sprint in snapshot.sprints}
    day = snapshot.now.date().isoformat()
    found = []
    for number in previous_open(issue.body):
        if number in now_open:
            continue
        pr = forge.get_pull(config.ops_repo, number)
        vision = vision_of_branch(pr.head.ref) or find_vision(pr.body)
        if pr.state == "open" or vision is None:
            continue
        known = snapshot.vision(vision)
        title = known.title if known else vision_title_of(pr.title)
        url = known.html_url if known else pr.html_url
        found.append(Finished(vision, title, url, _outcome(forge, config, pr, vision,
                                                           snapshot.bot.login), day))
    return found


def _outcome(forge: Forge, config: ProjectConfig, pr: PullRequest, vision: int,
             bot: str) -> str:
    if pr.merged:
        filed = _FILED.search(pr.body)
        numbers = re.findall(r"#(\d+)", filed.group(1)) if filed else []
        # The dashboard is on the ops repo: a bare #N would name one of its issues.
        return "filed " + ", ".join(f"{config.repo}#{n}" for n in numbers)
    comments = forge.list_comments(config.repo, vision)
    said = [m for _, m in marks_of(RejectedMark, comments, bot) if m.pr == pr.number]
    if said and said[-1].reason:
        return f"{'stopped' if said[-1].stop else 'rejected'}: {said[-1].reason}"
    return "closed"


def recent(issue: Issue | None, new: Sequence[Finished],
           now: datetime) -> tuple[Finished, ...]:
    return carried_forward(previous_finishes(issue.body) if issue else (), new, now.date())


def _label_id(forge: Forge, config: ProjectConfig) -> int:
    name = config.architect.dashboard_label
    for label in forge.list_labels(config.ops_repo):
        if label.name == name:
            return label.id
    return forge.create_label(config.ops_repo, name=name, color=LABEL_COLOR,
                              description="the architect's dashboard").id


def _spend(config: ProjectConfig, now: datetime) -> float | None:
    """The model cost recorded this month in the session files (a session dropped at a
    rejection takes its cost with it); None when there is none."""
    store = SessionStore(config.architect.state_dir, config.name)
    month = now.strftime("%Y-%m")
    total = 0.0
    for path in sorted(store.root.glob("*.json")):
        if datetime.fromtimestamp(path.stat().st_mtime, now.tzinfo).strftime("%Y-%m") != month:
            continue
        record = store.load(path.stem)
        total += record.cost_usd if record else 0.0
    return round(total, 2) or None


def _interval(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s"


@dataclass
class Desk:
    """The dashboard across one tick: read and steered before the actions, written after."""

    config: ProjectConfig
    issue: Issue | None
    steered: Steered
    enabled: bool

    @classmethod
    def open(cls, forge: Forge, config: ProjectConfig, snapshot: Snapshot, decision: Decision,
             *, enabled: bool, live: bool) -> Desk:
        issue = find(forge, config, snapshot.bot)
        board = board_of(snapshot, decision, config, enabled=enabled, last_tick="",
                         finished=())
        steered = steer(forge, config, issue, board, snapshot, live=live)
        if steered.paused is not None:
            enabled = not steered.paused
        return cls(config, issue, steered, enabled)

    def close(self, forge: Forge, snapshot: Snapshot, decision: Decision, *, outcome: str,
              create: bool = True) -> Issue | None:
        """Render and write; `create` False only updates a dashboard that exists (a paused
        architect that was never enabled puts nothing on the forge)."""
        if self.issue is None and not create:
            return None
        finished = recent(self.issue, finishes(forge, self.config, self.issue, snapshot),
                          snapshot.now)
        board = replace(board_of(snapshot, decision, self.config, enabled=self.enabled,
                                 last_tick=outcome, finished=finished,
                                 notes=self.steered.notes),
                        open_sprints=tuple(s.pr.number for s in snapshot.sprints))
        return write(forge, self.config, self.issue, board)
