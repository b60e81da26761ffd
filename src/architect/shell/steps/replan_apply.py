"""Applying an accepted re-plan: each change once, recorded as it is made.

A tick killed at any point and run again finishes the same changes, nothing
doubled: the proposal comment's mark says the apply started (it is never
rebuilt then) and which new sub-issue became which issue; each touched
sub-issue carries a note with a `replanned` mark, written after its change (a
close comes after its note); the `replan-done` comment is the apply's last
write and its done-mark.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from architect.core import markers, render
from architect.core.actions import (
    ApplyReplan,
)
from architect.core.filing import filing_order
from architect.core.inputs import FiledIssue
from architect.core.ledger import Ledger, from_payload, to_payload
from architect.core.render import filed_numbers
from architect.core.replan_render import (
    REPLANS_HEADING,
    edited_body,
    replans_entry,
    replans_section,
    sub_issue_note,
    summary_line,
    vision_note,
)
from architect.core.replan_render import applied_comment as applied_text
from architect.core.replan_schema import ReplanProposal, SubIssueEdit
from architect.core.replan_subs import normalized
from architect.core.schemas import SubIssue
from architect.core.sections import Sections, in_file, own_sections
from architect.core.story import NOT_PLANNED_LABELS
from architect.errors import ForgeNotFound
from architect.forge.models import Comment, Issue
from architect.shell import writes
from architect.shell.logs import outcome_log
from architect.shell.section_writes import ensure_body_sections, ensure_file_edit
from architect.shell.steps.hands import Hands, sprint_path
from architect.shell.steps.registry import performs
from architect.shell.steps.sub_filing import Filing, file_each, filed_before

# What the step did: each line reads "would: …" in a dry run (shell/logs.py).
log = outcome_log


class _Record:
    """The proposal comment's mark, edited as the apply goes (its record)."""

    def __init__(self, hands: Hands, comment: Comment, by: str) -> None:
        self.hands, self.comment = hands, comment
        found = next(m for m in markers.marks_in(comment.body)
                     if isinstance(m, markers.ReplanMark))
        self.mark = found
        if not found.started:
            self._save(replace(found, started=True,
                               payload={**found.payload, "accepted_by": by}))

    @property
    def added(self) -> dict[str, int]:
        return dict(self.mark.added)

    def note_added(self, sub_id: str, number: int) -> None:
        self._save(replace(self.mark, added=(*self.mark.added, (sub_id, number))))

    def _save(self, mark: markers.ReplanMark) -> None:
        text = markers.strip_markers(self.comment.body).rstrip()
        self.comment = self.hands.forge.edit_comment(self.hands.ops, self.comment.id,
                                                     f"{text}\n\n{mark.render()}")
        self.mark = mark


@performs(ApplyReplan)
def apply_replan(hands: Hands, action: ApplyReplan) -> None:
    sprint, number = action.sprint, action.sprint.pr.number
    record = _Record(hands, action.proposal, action.by)
    mark = record.mark
    plan = ReplanProposal.model_validate(mark.payload.get("plan", {}))
    ledger = from_payload(mark.payload.get("ledger")) or Ledger()
    by = str(mark.payload.get("accepted_by", action.by)) or action.by
    subs = {s.number: s for s in action.subs}
    note = _Notes(hands, action, mark.n, by)
    for close in plan.close:
        note.on(close.number, f"closed. {close.reason}")
        _close(hands, close.number)
    known: dict[int, str] = {}  # the bodies as this apply left them
    for edit in plan.edit:
        known[edit.number] = _edit(hands, edit, ledger, subs.get(edit.number))
        note.on(edit.number, f"edited ({edit.why})")
    added, fresh = _add(hands, action, plan.add, record, ledger)
    known |= {number: issue.body for number, issue in fresh.items()}
    for new in added.values():
        note.on(new, "added to the sprint.", fresh=new in fresh)
    for change in plan.dependencies:
        writes.ensure_dependencies(hands.filer, hands.config.repo, change.number,
                                   change.depends_on)
        note.on(change.number, "now depends on " + ", ".join(
            f"{hands.config.repo}#{n}" for n in change.depends_on) + ".")
    closed = [c.number for c in plan.close]
    edited = [e.number for e in plan.edit]
    line = summary_line(hands.config.repo, closed, edited, list(added.values()))
    entry = replans_entry(n=mark.n, by=by, url=action.proposal.html_url, line=line)
    # `## Filed:` names the added ones too: the vision's story waits for them as well.
    filed = tuple(dict.fromkeys((*filed_numbers(sprint.pr.body), *added.values())))
    sections = own_sections(ledger if ledger.forks else None, filed, repo=hands.config.repo)
    _sprint_file(hands, action, sections, (*action.earlier, entry))
    ensure_body_sections(hands.forge, hands.ops, sprint.pr, sections)
    vision_mark = markers.ReplannedMark(number, mark.n)
    writes.ensure_comment(hands.filer, hands.config.repo, sprint.vision_number, vision_note(
        pr_number=number, ops_repo=hands.ops, n=mark.n, line=line, mark=vision_mark),
        bot_login=hands.filer_login, mark=vision_mark)
    bodies = _bodies(hands, [*edited, *added.values()], known)
    done = markers.ReplanDoneMark(mark.n, "applied", {
        "ledger": to_payload(ledger), "bodies": bodies, "added": list(added.values()),
        "seen": action.seen, "entry": entry})
    writes.ensure_comment(hands.forge, hands.ops, number, applied_text(
        n=mark.n, repo=hands.config.repo, closed=closed, edited=edited,
        added=list(added.values()), mark=done), bot_login=hands.bot, mark=done)
    log.info("PR #%d: re-plan %d applied: %s", number, mark.n, line)


class _Notes:
    """The note on each sub-issue the re-plan touches, once."""

    def __init__(self, hands: Hands, action: ApplyReplan, n: int, by: str) -> None:
        self.hands, self.action, self.n, self.by = hands, action, n, by

    def on(self, issue: int, what: str, *, fresh: bool = False) -> None:
        """`fresh`: created a moment ago by this very apply, so it has no comment yet."""
        pr = self.action.sprint.pr
        mark = markers.ReplannedMark(pr.number, self.n)
        text = sub_issue_note(pr_url=pr.html_url, pr_number=pr.number, ops_repo=self.hands.ops,
                              n=self.n, by=self.by, what=what, pr_mark=mark)
        writes.ensure_comment(self.hands.filer, self.hands.config.repo, issue, text,
                              bot_login=self.hands.filer_login, mark=mark,
                              existing=() if fresh else None)


def _close(hands: Hands, number: int) -> None:
    """Closed, after what it waited for is unlinked: the forge refuses to close an issue
    with open dependencies, and a dropped issue waits for nothing."""
    repo = hands.config.repo
    for dep in hands.filer.list_dependencies(repo, number):
        if dep.state == "open":
            hands.filer.remove_dependency(repo, number, depends_on=dep.number)
    # Forgejo keeps no close reason: the team's "won't do" label, when it has one, is what
    # tells the vision's summary that this one was dropped, not done.
    known = {label.name.lower(): label.name for label in hands.labels()}
    dropped = next((known[n] for n in NOT_PLANNED_LABELS if n in known), None)
    if dropped is not None:
        hands.filer.add_issue_labels(repo, number, [dropped])
    hands.filer.edit_issue(repo, number, state="closed")


def _edit(hands: Hands, edit: SubIssueEdit, ledger: Ledger, sub: FiledIssue | None) -> str:
    """The edit made (from the sub-issue as the tick read it); the body it leaves."""
    repo = hands.config.repo
    now = (sub.title, sub.body) if sub is not None else _read(hands, edit.number)
    body = edited_body(now[1], edit, ledger)
    title = edit.title.strip() or now[0]
    if body != now[1] or title != now[0]:
        body = hands.filer.edit_issue(repo, edit.number, title=title, body=body).body
    if edit.add_labels:
        known = {label.name for label in hands.labels()}
        wanted = [name for name in edit.add_labels if name in known]
        if wanted:
            hands.filer.add_issue_labels(repo, edit.number, wanted)
    for name in edit.remove_labels:
        writes.ensure_no_label(hands.filer, repo, edit.number, name)
    return body


def _read(hands: Hands, number: int) -> tuple[str, str]:
    issue = hands.filer.get_issue(hands.config.repo, number)
    return issue.title, issue.body


def _add(hands: Hands, action: ApplyReplan, subs: list[SubIssue], record: _Record,
         ledger: Ledger) -> tuple[dict[str, int], dict[int, Issue]]:
    """The new sub-issues, each filed once: the record, then a search for a lost answer;
    with the ones this call created."""
    sprint = action.sprint
    labels = {label.name: label.id for label in hands.labels()} if subs else {}
    filing = Filing(sprint.vision_number, action.slug, sprint.pr.html_url, labels, ledger)
    ordered = _in_order(subs)
    done = record.added
    if subs and len(done) < len(subs):
        found = filed_before(hands, filing, since=action.proposal.created_at,
                             skip={s.number for s in action.subs})
        done = {**found, **done}
        for sub in ordered:  # found by its marker: recorded now
            if sub.id in done and sub.id not in record.added:
                record.note_added(sub.id, done[sub.id])
    filed = {s.sub_id: s.number for s in action.subs if s.sub_id}
    return file_each(hands, filing, ordered, done=done, note=record.note_added, known=filed)


def _in_order(subs: list[SubIssue]) -> list[SubIssue]:
    """The new sub-issues, what they wait for among themselves first."""
    ids = {s.id for s in subs}
    by_id = {s.id: s for s in subs}
    among = [s.model_copy(update={"depends_on": [d for d in s.depends_on if d in ids]})
             for s in subs]
    return [by_id[s.id] for s in filing_order(among)]


def _sprint_file(hands: Hands, action: ApplyReplan, sections: Sections,
                 entries: tuple[str, ...]) -> None:
    """`## Re-plans`, the decisions and the filed list as they are now, in the sprint file
    on main; a person's text elsewhere in it stays."""
    def edit(text: str | None) -> str:
        text = in_file(text or f"# {action.sprint.pr.title}\n", sections)
        return render.replace_section(text, REPLANS_HEADING, replans_section(entries),
                                      anchor=render.FILE_FOOTER)

    ensure_file_edit(hands.forge, hands.ops, sprint_path(action.slug), edit,
                     branch=hands.config.primary_branch,
                     message=f"sprint: re-plan {sprint_path(action.slug)}",
                     written=hands.written_files)


def _bodies(hands: Hands, numbers: list[int], known: Mapping[int, str]) -> dict[str, str]:
    """What the architect's bodies now say, so a later re-plan tells a person's edit apart:
    as this apply left them; read only for an issue a killed tick added."""
    found: dict[str, str] = {}
    for number in numbers:
        body = known.get(number)
        if body is None:
            try:
                body = hands.filer.get_issue(hands.config.repo, number).body
            except ForgeNotFound:
                continue
        found[str(number)] = normalized(body)
    return found
