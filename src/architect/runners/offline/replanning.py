"""Re-plan: the change a request makes to a filed sprint, by the offline planner's rules.

The plan is filed again in thought (`filing.file` with the decisions as they are
now) and compared with the sub-issues as they are:

- a filed sub-issue whose part the plan still has, but whose approach the changed
  decisions rewrite, is edited (its proposed solution and design decisions);
- one whose part is gone from the vision's checklist is closed;
- a part of the checklist no sub-issue covers is added;
- `REPLAN: drop <words>` closes the sub-issue whose title has those words, and
  `REPLAN: add <title>` adds one; `REJECT: <reason>` closes every one still open.

A sub-issue on which work has started is never changed: it is named in
`left_alone` with what to do by hand.
"""

from __future__ import annotations

import re

from architect.core.inputs import FiledIssue, PlannerInputs
from architect.core.ledger import Ledger
from architect.core.render import decision_line
from architect.core.replan_schema import (
    LeftAlone,
    ReplanProposal,
    SubIssueClose,
    SubIssueEdit,
)
from architect.core.schemas import SubIssue
from architect.core.text import keywords, one_line, slugify
from architect.runners.offline.common import clip, kind_of, sentence
from architect.runners.offline.filing import file

_SECTION = re.compile(r"^## Proposed solution\s*\n(?P<text>.*?)(?=^## |\Z)",
                      re.DOTALL | re.MULTILINE)
_DECIDED = re.compile(r"^## Design decisions\s*\n(?P<text>.*?)(?=^## |^Decomposed from|\Z)",
                      re.DOTALL | re.MULTILINE)
_WORD_LINE = re.compile(r"^\W*(?P<word>replan|reject)\b\W*(?P<rest>.*)$",
                        re.IGNORECASE | re.MULTILINE)
_CLAUSE_SPLIT = re.compile(r"[;,\n]|\band\b(?=\s+(?:drop|remove|cut|skip|add)\b)",
                           re.IGNORECASE)
_DROP = re.compile(r"^\s*(?:drop|remove|cut|skip)\s+(?:the\s+)?(?P<what>.+)$", re.IGNORECASE)
_ADD = re.compile(r"^\s*add\s+(?:an?\s+|the\s+)?(?P<what>.+)$", re.IGNORECASE)
# Words that name a part without saying which one.
_VAGUE = frozenset({"part", "parts", "issue", "issues", "task", "tasks", "sub", "work", "step"})


def replan(inputs: PlannerInputs) -> ReplanProposal:
    plan = {s.id: s for s in file(inputs).sub_issues}
    rejected = _said(inputs.replan_request, "reject")
    drops, adds = _clauses(" ".join(_said(inputs.replan_request, "replan")))
    proposal = ReplanProposal(summary=_summary(inputs, rejected, drops, adds))
    for filed in inputs.filed_issues:
        if filed.state == "closed":
            continue
        reason = (f"The sprint's remaining plan was rejected: {rejected[0]}" if rejected
                  else _dropped(filed, drops) or _gone(filed, plan))
        if reason:
            _close(proposal, filed, reason)
        elif filed.sub_id in plan:
            _edit(proposal, filed, plan[filed.sub_id], inputs.replan_request, inputs.ledger)
    if not rejected:
        known = {f.sub_id for f in inputs.filed_issues}
        proposal.add.extend(s for s in plan.values() if s.id not in known)
        proposal.add.extend(_new_sub(what) for what in adds)
    return proposal


def _said(request: str, word: str) -> list[str]:
    return [m.group("rest").strip() or "no reason given" for m in _WORD_LINE.finditer(request)
            if m.group("word").lower() == word]


def _clauses(text: str) -> tuple[list[str], list[str]]:
    drops: list[str] = []
    adds: list[str] = []
    for clause in _CLAUSE_SPLIT.split(text):
        if (drop := _DROP.match(clause)) is not None:
            drops.append(drop.group("what").strip(" ."))
        elif (add := _ADD.match(clause)) is not None:
            adds.append(add.group("what").strip(" ."))
    return drops, adds


def _dropped(filed: FiledIssue, drops: list[str]) -> str:
    title = keywords(filed.title)
    for what in drops:
        words = keywords(what) - _VAGUE
        if words and words <= title | keywords(filed.sub_id.replace("-", " ")):
            return f"The re-plan drops it: \"drop {what}\"."
    return ""


def _gone(filed: FiledIssue, plan: dict[str, SubIssue]) -> str:
    if not filed.sub_id or filed.sub_id in plan:
        return ""
    return ("Its part is no longer in the vision's checklist (done or removed there), so the "
            "changed plan no longer needs it.")


def _close(proposal: ReplanProposal, filed: FiledIssue, reason: str) -> None:
    if filed.started:
        proposal.left_alone.append(LeftAlone(number=filed.number, suggestion=(
            f"Work has started ({filed.started}); close it by hand if its work is no longer "
            f"wanted. {reason}")))
    else:
        proposal.close.append(SubIssueClose(number=filed.number, reason=reason))


def _edit(proposal: ReplanProposal, filed: FiledIssue, sub: SubIssue, request: str,
          ledger: Ledger) -> None:
    match = _SECTION.search(filed.body)
    now = " ".join(match.group("text").split()) if match else ""
    # The decisions are stated once, under ## Design decisions: an edit follows them there.
    decided = _DECIDED.search(filed.body)
    stated = " ".join(decided.group("text").split()) if decided else ""
    wanted = " ".join(" ".join(decision_line(f) for n in sub.shaped_by
                               if (f := ledger.live.get(n)) is not None and f.answer).split())
    if now == " ".join(sub.proposed_solution.split()) and stated == wanted:
        return
    if filed.started:
        proposal.left_alone.append(LeftAlone(number=filed.number, suggestion=(
            f"Work has started ({filed.started}); bring its approach in line with the "
            "changed decisions by hand, or leave it as it is.")))
        return
    proposal.edit.append(SubIssueEdit(
        number=filed.number, proposed_solution=sub.proposed_solution, shaped_by=sub.shaped_by,
        why=f"The decisions it follows changed: {one_line(_request_words(request), 200)}"))


def _request_words(request: str) -> str:
    return " ".join(line.strip() for line in request.splitlines() if line.strip()) or (
        "the re-plan")


def _new_sub(what: str) -> SubIssue:
    text = sentence(what)
    return SubIssue(id=slugify(what, max_words=5) or "added", title=clip(text.rstrip("."), 120),
                    kind=kind_of(what),
                    problem=f"The sprint was re-planned after filing, and now includes: {text}",
                    proposed_solution=text,
                    acceptance_criteria=[f"{clip(what, 200)} works as described"])


def _summary(inputs: PlannerInputs, rejected: list[str], drops: list[str],
             adds: list[str]) -> str:
    if rejected:
        return f"Drop what is left of the sprint: {rejected[0]}"
    parts = ["Bring the filed sub-issues in line with the decisions as they are now"]
    if drops:
        parts.append("drop " + "; ".join(drops))
    if adds:
        parts.append("add " + "; ".join(adds))
    return ", ".join(parts) + f" (asked: {one_line(_request_words(inputs.replan_request), 200)})."
