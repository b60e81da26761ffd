"""A re-plan in words: the proposal, the notes it leaves, the sprint file's `## Re-plans`.

Pure. `shape` is the architect's own check of what the model proposed: whatever
would touch a sub-issue on which work has started moves to `left_alone`, numbers
that are not the sprint's are dropped, and the additions stop at `max_sub_issues`.
Sub-issues are named `owner/repo#N`: these texts live on the ops repo, where a
bare `#N` is the ops repo's own item N.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from architect.core import markers
from architect.core.inputs import FiledIssue, HumanComment
from architect.core.ledger import Ledger
from architect.core.render import decision_line
from architect.core.replan_schema import LeftAlone, ReplanProposal, SubIssueEdit
from architect.core.text import one_line

REPLANS_HEADING = "## Re-plans"
HOW_TO_ANSWER = ("Reply `ACCEPT` to apply these changes, or `REJECT: <reason>` to drop this "
                 "proposal (nothing changes); any other comment asks for a new proposal.")


def shape(raw: ReplanProposal, subs: Sequence[FiledIssue], *,
          max_sub_issues: int) -> tuple[ReplanProposal, list[str]]:
    """The proposal as the architect will show and apply it, and what it changed in it.
    The model's words may not carry hidden markers of their own into the forge."""
    raw = ReplanProposal.model_validate(_neutralized(raw.model_dump(mode="json")))
    by_number = {s.number: s for s in subs}
    notes: list[str] = []
    alone = {a.number: a for a in raw.left_alone if a.number in by_number}

    def ours(number: int, what: str) -> bool:
        sub = by_number.get(number)
        if sub is None:
            notes.append(f"#{number} is not a sub-issue of this sprint: its {what} is left out.")
            return False
        if sub.started:
            alone.setdefault(number, LeftAlone(number=number, suggestion=(
                f"The proposal would {what} it; work has started ({sub.started}), so do that "
                "by hand if it still fits.")))
            return False
        return True

    close = [c for c in raw.close if ours(c.number, "close")]
    closing = {c.number for c in close}
    edit = [e for e in raw.edit if e.number not in closing and ours(e.number, "edit")]
    deps = [d for d in raw.dependencies if d.number not in closing
            and ours(d.number, "change the dependencies of")]
    staying = [s for s in subs if s.state == "open" and s.number not in closing]
    room = max(0, max_sub_issues - len(staying))
    add = list(raw.add[:room])
    if len(raw.add) > room:
        notes.append(f"{len(raw.add) - room} addition(s) left out: a sprint may file at most "
                     f"{max_sub_issues} sub-issues (`max_sub_issues`).")
    for number, sub in by_number.items():
        if sub.started and number not in alone and sub.state == "open":
            alone[number] = LeftAlone(number=number, suggestion=(
                f"Work has started ({sub.started}): not touched by this re-plan."))
    shaped = raw.model_copy(update={"close": close, "edit": edit, "dependencies": deps,
                                    "add": add, "left_alone": list(alone.values())})
    return shaped, notes


def _neutralized(value: object) -> object:
    if isinstance(value, str):
        return markers.neutralize(value)
    if isinstance(value, list):
        return [_neutralized(v) for v in value]
    if isinstance(value, dict):
        return {k: _neutralized(v) for k, v in value.items()}
    return value


def is_empty(plan: ReplanProposal) -> bool:
    return not (plan.close or plan.edit or plan.add or plan.dependencies)


def proposal_comment(plan: ReplanProposal, *, n: int, repo: str, titles: Mapping[int, str],
                     requests: Sequence[HumanComment], before: Ledger, after: Ledger,
                     notes: Sequence[str], rebuilt: str, mark: markers.ReplanMark) -> str:
    def ref(number: int) -> str:
        title = titles.get(number, "")
        return f"{repo}#{number}" + (f" {one_line(title, 100)}" if title else "")

    asked = ", ".join(f"@{r.author} ([comment]({r.url}))" if r.url else f"@{r.author}"
                      for r in requests)
    lines = [f"**Re-plan proposal {n}** for this filed sprint, asked by {asked}."]
    if rebuilt:
        lines += ["", f"Proposed again: {rebuilt}; the ACCEPT applied to the earlier proposal, "
                      "which is replaced by this one."]
    lines += ["", plan.summary.strip()]
    changed = answer_changes(before, after)
    if changed:
        lines += ["", "Changed answers:", *(f"- {c}" for c in changed)]
    if plan.close:
        lines += ["", "Close (this reason is written on each):",
                  *(f"- {ref(c.number)}: {one_line(c.reason, 300)}" for c in plan.close)]
    if plan.edit:
        lines += ["", "Edit:", *(f"- {ref(e.number)}: {', '.join(edited_parts(e))} — "
                                 f"{one_line(e.why, 200)}" for e in plan.edit)]
    if plan.add:
        lines += ["", "Add (filed in this order):",
                  *(f"- `{s.id}`: {one_line(s.title, 150)}"
                    + (f" (after {', '.join(s.depends_on)})" if s.depends_on else "")
                    for s in plan.add)]
    if plan.dependencies:
        lines += ["", "Dependencies:", *(
            f"- {ref(d.number)} will depend on " + ", ".join(f"{repo}#{m}" for m in d.depends_on)
            for d in plan.dependencies)]
    if plan.left_alone:
        lines += ["", "Left alone (work has started on them):",
                  *(f"- {ref(a.number)}: {one_line(a.suggestion, 300)}" for a in plan.left_alone)]
    if is_empty(plan):
        lines += ["", "No change to the sub-issues is needed."]
    if notes:
        lines += ["", *(f"Note: {note}" for note in notes)]
    lines += ["", HOW_TO_ANSWER, "", mark.render()]
    return "\n".join(lines)


def edited_parts(edit: object) -> list[str]:
    fields = (("title", "title"), ("problem", "problem"),
              ("proposed_solution", "proposed solution"),
              ("acceptance_criteria", "acceptance criteria"), ("shaped_by", "design decisions"),
              ("add_labels", "labels"), ("remove_labels", "labels"))
    parts = [name for attr, name in fields if getattr(edit, attr)]
    return list(dict.fromkeys(parts)) or ["nothing"]


def answer_changes(before: Ledger, after: Ledger) -> list[str]:
    found: list[str] = []
    for fork in after.forks:
        old = before.get(fork.number)
        was = old.answer.option if old and old.answer else None
        now = fork.answer.option if fork.answer else None
        if now is not None and now != was:
            found.append(f"Q{fork.number}: {was or '–'} → {now}) "
                         f"{one_line(fork.option_text(now), 120)}")
    return found


def sub_issue_note(*, pr_url: str, pr_number: int, ops_repo: str, n: int, by: str,
                   what: str, pr_mark: markers.ReplannedMark) -> str:
    where = f"[{ops_repo}#{pr_number}]({pr_url})" if pr_url else f"{ops_repo}#{pr_number}"
    return (f"Re-planned: {what}\n\nRe-plan {n} of sprint {where}, accepted by @{by}.\n\n"
            + pr_mark.render())


def applied_comment(*, n: int, repo: str, closed: Sequence[int], edited: Sequence[int],
                    added: Sequence[int], mark: markers.ReplanDoneMark) -> str:
    return f"Re-plan {n} applied: {summary_line(repo, closed, edited, added)}.\n\n" \
        + mark.render()


def summary_line(repo: str, closed: Sequence[int], edited: Sequence[int],
                 added: Sequence[int]) -> str:
    parts = [(f"{word} " + ", ".join(f"{repo}#{n}" for n in numbers))
             for word, numbers in (("closed", closed), ("edited", edited), ("added", added))
             if numbers]
    return "; ".join(parts) or "nothing to change"


def dropped_comment(*, n: int, by: str, reason: str, mark: markers.ReplanDoneMark) -> str:
    why = f": {reason}" if reason else ""
    return (f"Re-plan proposal {n} dropped by @{by}{why}. Nothing was changed; the sprint's "
            f"sub-issues stay as they are.\n\n{mark.render()}")


def failed_comment(*, n: int, error: str, mark: markers.ReplanDoneMark) -> str:
    return (f"The architect could not work out re-plan {n}: {one_line(error, 300)}. Nothing was "
            "changed; write `REPLAN: <what changes>` again to retry.\n\n" + mark.render())


def reminder_comment(*, n: int, whom: Sequence[str], mark: markers.ReplanReminderMark) -> str:
    who = " ".join(f"@{w}" for w in whom)
    return (f"{who} re-plan proposal {n} above is still waiting. {HOW_TO_ANSWER}\n\n"
            + mark.render()).lstrip()


def replans_section(entries: Sequence[str]) -> str:
    return "\n".join([REPLANS_HEADING, "", *(f"- {e}" for e in entries)])


def replans_entry(*, n: int, by: str, url: str, line: str) -> str:
    link = f"[proposal]({url})" if url else "proposal"
    return f"Re-plan {n} (accepted by @{by}, {link}): {line}."


def vision_note(*, pr_number: int, ops_repo: str, n: int, line: str,
                mark: markers.ReplannedMark) -> str:
    return (f"Its sprint ({ops_repo}#{pr_number}) was re-planned (re-plan {n}): {line}.\n\n"
            + mark.render())


# -- a sub-issue's body, edited in place ------------------------------------------

_PROVENANCE = "Decomposed from #"


def edited_body(body: str, edit: SubIssueEdit, ledger: Ledger) -> str:
    """The body with the sections the edit names rewritten where they stand; the rest
    (a person's own section included) as it was."""
    if edit.problem:
        body = _section(body, "## Problem", edit.problem.strip())
    if edit.proposed_solution:
        body = _section(body, "## Proposed solution", edit.proposed_solution.strip())
    if edit.acceptance_criteria:
        body = _section(body, "## Acceptance criteria",
                        "\n".join(f"- [ ] {c}" for c in edit.acceptance_criteria[:5]))
    if edit.shaped_by:
        live = ledger.live
        lines = [decision_line(f) for n in dict.fromkeys(edit.shaped_by)
                 if (f := live.get(n)) is not None and f.answer is not None]
        if lines:
            body = _section(body, "## Design decisions", "\n".join(lines))
    return body


def _section(body: str, heading: str, text: str) -> str:
    pattern = re.compile(rf"^{re.escape(heading)}[ \t]*\n.*?(?=^## |^{re.escape(_PROVENANCE)}|\Z)",
                         re.DOTALL | re.MULTILINE)
    new = f"{heading}\n\n{text}\n\n"
    if pattern.search(body):
        return pattern.sub(lambda _: new, body, count=1)
    at = body.find(_PROVENANCE)
    return body[:at] + new + body[at:] if at >= 0 else body.rstrip() + "\n\n" + new


def filed_listing(repo: str, forge_url: str, numbers: Sequence[int]) -> str:
    """The sprint's sub-issues, each `owner/repo#N` with its link (text on the ops repo)."""
    base = forge_url.rstrip("/")
    return "The sprint's sub-issues: " + ", ".join(
        f"[{repo}#{n}]({base}/{repo}/issues/{n})" for n in numbers) + "."
