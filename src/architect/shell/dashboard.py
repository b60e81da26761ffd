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
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import replace
from datetime import datetime

from architect.config import ProjectConfig
from architect.core import board as board_
from architect.core.after import Wrote
from architect.core.dashboard import (
    ArchitectState,
    Dashboard,
    Finished,
    Seen,
    carried_forward,
    is_dashboard,
    paused_since,
    previous_finishes,
    previous_open,
    render,
)
from architect.core.decide import Decision
from architect.core.markers import RejectedMark, find_vision, marks_of
from architect.core.render import FILED_HEADING
from architect.core.snapshot import Snapshot
from architect.core.sprint import vision_of_branch, vision_title_of
from architect.core.view import SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Issue, PullRequest, User
from architect.forge.protocol import Forge
from architect.shell import guards
from architect.shell.logs import outcome_log

log = logging.getLogger("architect")
LABEL_COLOR = "#5319e7"
_FILED = re.compile(rf"^{re.escape(FILED_HEADING)}(.*)$", re.MULTILINE)



def find(forge: Forge, config: ProjectConfig, bot: User) -> Issue | None:
    """The dashboard: the bot's issue with the label whose body carries the project's mark."""
    found = [i for i in forge.list_issues(config.ops_repo, state="all", type="issues",
                                          labels=[config.architect.dashboard_label],
                                          created_by=bot.login)
             if i.user.login == bot.login and is_dashboard(i.body, config.name)]
    # Open first; among equals the oldest (two could only come from another tool).
    return min(found, key=lambda i: (i.state != "open", i.number), default=None)


def board_of(snapshot: Snapshot, decision: Decision, config: ProjectConfig, *, enabled: bool,
             last_tick: str, finished: Sequence[Finished], notes: Sequence[str] = (),
             spend: float | None = None) -> Dashboard:
    """`spend`: the month's model spend, a fact of the read (`shell.spend`)."""
    s = config.architect
    return Dashboard(config.name, snapshot.bot.login,
                     tuple(board_.entries(snapshot, decision, s)),
                     ArchitectState(enabled, _interval(s.interval.total_seconds()),
                                    f"{s.model}" + (f" ({s.model_name})" if s.model != "offline"
                                                    else ""),
                                    spend, last_tick),
                     notes=tuple(notes), finished=tuple(finished))


def _steered_by_reviewer(config: ProjectConfig, issue: Issue) -> bool:
    """A signed webhook delivery said someone in `reviewers` left the body as it is now."""
    reviewers = {r.lower() for r in config.architect.reviewers}
    editors = guards.edited_by(config.project_state_dir, issue.number, issue.body)
    return any(login.lower() in reviewers for login in editors)


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
    if issue.state != "open" and not (board.architect.paused_since or paused_since(issue.body)):
        return issue  # a person closed it: the architect leaves it closed
    # Closed while paused, it stays closed and is written: the pause holds, and the body
    # says so (core/steer.CLOSED_WHILE_PAUSED); a resume ticked there clears the mark.
    if issue.body.replace("\r\n", "\n") != body:
        try:
            edited = forge.edit_issue(config.ops_repo, issue.number, body=body)
        except ForgeNotFound:  # deleted since the cursor carried it: as if never found
            log.warning("dashboard: #%d is gone; looking for it again", issue.number)
            again = find(forge, config, forge.current_user())
            return write(forge, config, again if again is not None and again.number
                         != issue.number else None, board)
        outcome_log.info("dashboard: #%d updated", issue.number)
        return edited
    return issue


def finishes(forge: Forge, config: ProjectConfig, issue: Issue | None,
             snapshot: Snapshot, known: Collection[int] = ()) -> list[Finished]:
    """The sprints that ended since the last render: open then, closed now, with the day
    the forge closed them. Read with the snapshot (a request or two each, only when one
    ended), so a tick that died after the merge loses none, and the render reads nothing."""
    if issue is None:
        return []
    now_open = {sprint.pr.number for sprint in snapshot.sprints}
    day = snapshot.now.date().isoformat()
    found = []
    for number in previous_open(issue.body):
        if number in now_open or number in known:  # known: this tick ended it
            continue
        pr = forge.get_pull(config.ops_repo, number)
        vision = vision_of_branch(pr.head.ref) or find_vision(pr.body)
        if pr.state == "open" or vision is None:
            continue
        issue_ = snapshot.vision(vision)
        title = issue_.title if issue_ else vision_title_of(pr.title)
        url = issue_.html_url if issue_ else pr.html_url
        # The day it closed, a fact of the forge: a render a day late shows the same day.
        closed = pr.closed_at.date().isoformat() if pr.closed_at is not None else day
        found.append(Finished(vision, title, url, _outcome(forge, config, pr, vision,
                                                           snapshot.bot.login), closed))
    return found


def _outcome(forge: Forge, config: ProjectConfig, pr: PullRequest, vision: int,
             bot: str) -> str:
    if pr.merged:
        filed = _FILED.search(pr.body)
        numbers = re.findall(r"#(\d+)", filed.group(1)) if filed else []
        return _filed_text(config, numbers)
    comments = forge.list_comments(config.repo, vision)
    said = [m for _, m in marks_of(RejectedMark, comments, bot) if m.pr == pr.number]
    return _closed_text(said[-1] if said else None)


def _filed_text(config: ProjectConfig, numbers: Sequence[int | str]) -> str:
    # The dashboard is on the ops repo: a bare #N would name one of its issues.
    return "filed " + ", ".join(f"{config.repo}#{n}" for n in numbers)


def _closed_text(said: RejectedMark | None) -> str:
    """A closed sprint's outcome, from the note that closed it: one wording whether this
    tick wrote the note or a later one reads it."""
    if said is None:
        return "closed"
    if not said.reason:
        return said.word if said.how else "closed"
    return f"{said.word}: {said.reason}"


def ended_here(before: Snapshot, left: Snapshot, writes: Sequence[Wrote],
               config: ProjectConfig) -> dict[int, Finished]:
    """The sprints this tick ended (merged after filing, or closed), by PR number, from its
    own writes: known without a read, and kept even when this render fails and the next
    one's mark never showed them open."""
    merged = {m.pr.number: m for m in left.merged}
    bot = before.bot.login
    reasons = {m.pr: (m, c) for w in writes if w.comment is not None and w.repo == config.repo
               for c, m in marks_of(RejectedMark, [w.comment], bot)}
    day = left.now.date().isoformat()
    found = {}
    for sprint in _ended_by(before, left, writes):
        number = sprint.pr.number
        vision = left.vision(sprint.vision_number) or before.vision(sprint.vision_number)
        title = vision.title if vision else vision_title_of(sprint.pr.title)
        url = vision.html_url if vision else sprint.pr.html_url
        closed = _closed_day(writes, config, number)
        if number in merged:
            text = _filed_text(config, merged[number].filed)
        elif number in reasons:
            said, note = reasons[number]
            text = _closed_text(said)
            # The forge's clock, as `finishes` reads the close: the note is its last word.
            closed = closed or note.created_at.date().isoformat()
        else:
            continue  # not ended by this tick's writes: the next read tells
        found[number] = Finished(sprint.vision_number, title, url, text, closed or day)
    return found


def unworded(before: Snapshot, left: Snapshot, writes: Sequence[Wrote],
             ended: Mapping[int, Finished]) -> tuple[int, ...]:
    """The sprint PRs this tick's writes closed whose finish they do not word (the note
    with the reason was written by an earlier tick): the render keeps them in its mark's
    open list, so that the next read finds them closed and words them from the forge."""
    return tuple(sp.pr.number for sp in _ended_by(before, left, writes)
                 if sp.pr.number not in ended)


def _ended_by(before: Snapshot, left: Snapshot, writes: Sequence[Wrote]) -> list[SprintPR]:
    """The sprints open (or closed, unanswered) at the read that the tick's writes ended."""
    still = {sp.pr.number for sp in left.sprints}
    return [sp for sp in (*before.sprints, *before.closed) if sp.pr.number not in still
            and any(w.number == sp.pr.number or w.deleted_branch for w in writes)]


def _closed_day(writes: Sequence[Wrote], config: ProjectConfig, number: int) -> str:
    """The day the forge says the PR closed, from its answer to this tick's write: the
    same fact `finishes` reads, so a sprint ended by a retried tick shows the same day."""
    days = [w.pull.closed_at.date().isoformat() for w in writes
            if w.repo == config.ops_repo and w.number == number and w.pull is not None
            and w.pull.closed_at is not None]
    return days[-1] if days else ""


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


def _interval(seconds: float) -> str:
    for unit, size in (("d", 86400), ("h", 3600), ("m", 60)):
        if seconds >= size and seconds % size == 0:
            return f"{int(seconds // size)}{unit}"
    return f"{int(seconds)}s"


def is_ours(config: ProjectConfig, bot: User) -> Callable[[Issue], bool]:
    """Whether an issue is this project's dashboard, as `find` would list and keep it."""
    def ours(issue: Issue) -> bool:
        return (not issue.is_pull and issue.user.login == bot.login
                and config.architect.dashboard_label in issue.label_names
                and is_dashboard(issue.body, config.name))
    return ours


def read(forge: Forge, config: ProjectConfig, bot: User, *,
         known: Issue | None = None) -> tuple[Issue | None, Seen]:
    """The dashboard and what its body says (ticked boxes, the pause): one request, none
    when it is `known` (carried by the cursor, unchanged or as the look saw it)."""
    issue = known or find(forge, config, bot)
    if issue is None:
        return None, Seen(None, False, "", steerable=True)
    steerable = not config.architect.reviewers or _steered_by_reviewer(config, issue)
    seen = Seen(issue.number, issue.state == "open", issue.body.replace("\r\n", "\n"),
                steerable=steerable)
    if seen.ticked and not steerable:
        log.warning("dashboard: ticked box(es) undone: reviewers are set and no recorded "
                    "webhook delivery says a reviewer left this body")
    return issue, seen


def render_once(forge: Forge, config: ProjectConfig, issue: Issue | None, snapshot: Snapshot,
                decision: Decision, *, paused_since: str, notes: Sequence[str],
                outcome: str, ended: Mapping[int, Finished] | None = None,
                found: Sequence[Finished] = (), unworded: Collection[int] = (),
                spend: float | None = None) -> Issue:
    """Render the dashboard from the snapshot as the tick left it, and write it if changed:
    the only requests are the write's (and the label's, for a first dashboard).

    "Recently finished" holds what the last render carried, the sprints this tick ended
    (`ended`, from its writes), and those the read found ended before it (`found`:
    `finishes`, every sprint PR the last render showed open that the forge says is
    closed): a render that failed leaves its mark as it was, so the next read still
    finds every sprint that ended since the last one written; so does one that ended a
    sprint it cannot word (`unworded`, kept among the open). The month's model `spend`
    is the read's, with the tick's calls folded in (`shell.spend`): no file is read."""
    ended = ended or {}
    finished = {f.vision: f for f in found}
    finished.update({f.vision: f for f in ended.values()})
    found = list(finished.values())
    carried = recent(issue, found, snapshot.now)
    board = replace(board_of(snapshot, decision, config, enabled=not paused_since,
                             last_tick=outcome, finished=carried, notes=notes, spend=spend),
                    open_sprints=(*(s.pr.number for s in snapshot.sprints), *unworded))
    board = replace(board, architect=replace(board.architect, paused_since=paused_since))
    return write(forge, config, issue, board)
