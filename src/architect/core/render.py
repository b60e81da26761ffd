"""Markdown the architect writes: pitches, comments, the ledger, sub-issues.

Pure functions from values to text. Every comment ends with its marker
(`markers`), and the design-phase comments also carry the trusted ledger.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence

from architect.core import markers
from architect.core.ledger import DesignFork, ForkStatus, Ledger
from architect.core.overlap import Overlap
from architect.core.schemas import Pitch, SubIssue
from architect.core.source import VisionChange
from architect.core.text import one_line
from architect.errors import InvalidModelOutput

FOOTER_TEXT = "Reply `ACCEPT` to proceed with design questions, or `REJECT: <reason>` to decline."
FORKS_HEADING = "## Design forks"
FILED_HEADING = "## Filed:"
# The sprint file's last line: its sections go before it (`_Vision: owner/repo#N. …`, and
# `_Vision: #N. …` in files written before the references were qualified).
FILE_FOOTER = "_Vision: "


def issue_ref(repo: str, number: int) -> str:
    """A project-repo issue as text written on the ops repo, where a bare `#N` would link
    to the ops repo's own item N."""
    return f"{repo}#{number}"


def pitch_markdown(vision_number: int, vision_title: str, pitch: Pitch, *, repo: str) -> str:
    sections = [
        ("Vision issues",
         f"- {issue_ref(repo, vision_number)} — {one_line(vision_title, 200)}"),
        ("What this enables", pitch.what_this_enables),
        ("What exists today", pitch.what_exists_today),
        ("Complexity", pitch.complexity),
        ("Risks", pitch.risks),
        ("Cost — new infra to maintain", pitch.cost_new_infra),
        ("Recommendation", f"**{pitch.verdict.value}** — "
                           f"{without_verdict(pitch.recommendation, pitch.verdict.value)}"),
    ]
    return "\n\n".join(f"## {title}\n\n{text.strip()}" for title, text in sections)


def without_verdict(text: str, verdict: str) -> str:
    """The recommendation without a leading copy of the verdict the heading already shows."""
    pattern = rf"^\W*{re.escape(verdict)}\b(?!-)\W*"
    rest = re.sub(pattern, "", text.strip(), count=1)
    return (rest[:1].upper() + rest[1:]) if rest else text.strip()


def pr_body(vision_number: int, pitch_md: str, ledger: Ledger | None, filed: Sequence[int],
            *, repo: str) -> str:
    parts = [pitch_md.strip()]
    if ledger is not None:
        parts.append(forks_section(ledger))
    if filed:
        parts.append(filed_line(filed, repo=repo))
    parts.append(markers.vision_marker(vision_number))
    return "\n\n".join(parts) + "\n"


def sprint_file(title: str, vision_number: int, pitch_md: str, ledger: Ledger | None,
                filed: Sequence[int], *, repo: str) -> str:
    parts = [f"# Sprint: {one_line(title, 200)}", pitch_md.strip()]
    if ledger is not None:
        parts.append(forks_section(ledger))
    if filed:
        parts.append(filed_line(filed, repo=repo))
    parts.append(f"{FILE_FOOTER}{issue_ref(repo, vision_number)}. Kept by the architect._")
    return "\n\n".join(parts) + "\n"


def filed_line(filed: Sequence[int], *, repo: str) -> str:
    return FILED_HEADING + " " + " ".join(issue_ref(repo, n) for n in filed)


# `## Filed: owner/repo#4 owner/repo#5`, or `## Filed: #4 #5` as older sprints wrote it.
_FILED = re.compile(r"^## Filed:(?P<numbers>[ #\d,\w./-]*)$", re.MULTILINE)


def filed_numbers(body: str) -> tuple[int, ...]:
    """The `## Filed:` line the architect writes into a sprint PR's body before merging."""
    match = _FILED.search(body)
    return tuple(int(n) for n in re.findall(r"#(\d+)", match["numbers"])) if match else ()


def forks_section(ledger: Ledger) -> str:
    if not ledger.forks:
        return f"{FORKS_HEADING}\n\nNo design forks: the sprint goes straight to filing."
    lines = [FORKS_HEADING, ""]
    for fork in ledger.forks:
        lines.append(f"### Q{fork.number}: {one_line(fork.question, 300)}")
        lines.append("")
        for letter, text in fork.options:
            rec = " (recommended)" if letter == fork.recommended else ""
            lines.append(f"- {letter}) {one_line(text, 300)}{rec}")
        lines.append("")
        lines.append(f"- **Status:** {fork.status.value}{_condition(fork)}")
        if fork.contested and fork.answer is None:
            lines.append(f"- **Contested:** {one_line(fork.contested, 300)}; nothing is filed "
                         "until one letter is agreed and written again")
        if fork.answer is not None:
            a = fork.answer
            lines.append(f"- **Answer:** {answer_text(a.option, a.text, 300)}")
            lines.append(f"- **Answered by:** @{a.by} ([comment]({a.url}))")
        lines.append("")
    return "\n".join(lines).rstrip()


def _condition(fork: DesignFork) -> str:
    if fork.hangs_on is None:
        return ""
    asked_for = f"Q{fork.hangs_on[0]}: {fork.hangs_on[1]}"
    if fork.status is ForkStatus.WITHDRAWN:
        return f" (it followed {asked_for}, and that answer changed)"
    return f" (a follow-up of {asked_for})"


def withdrawn_notes(before: Ledger | None, after: Ledger) -> list[str]:
    """One line per follow-up this round withdrew, for the acknowledgment."""
    was = {f.number: f.status for f in before.forks} if before else {}
    return [f"Q{f.number} is withdrawn: it followed Q{f.hangs_on[0]}: {f.hangs_on[1]}, "
            "and that answer changed."
            for f in after.forks if f.status is ForkStatus.WITHDRAWN and f.hangs_on
            and was.get(f.number) not in (None, ForkStatus.WITHDRAWN)]


def replace_section(body: str, heading: str, new_section: str | None, *,
                    anchor: str = markers.VISION_OPEN) -> str:
    """Replace (or add, or drop) one `## ` section of a markdown body, keeping the rest;
    a new section goes before `anchor` (the PR's vision marker, the sprint file's footer)."""
    mark = re.escape(markers.MARK_OPEN)
    pattern = re.compile(rf"^{re.escape(heading)}.*?(?=^## (?!#)|^{mark}|^{re.escape(anchor)}|\Z)",
                         re.DOTALL | re.MULTILINE)
    stripped = pattern.sub("", body).rstrip()
    if new_section is None:
        return stripped + "\n"
    marker_at = stripped.find(anchor)
    if marker_at >= 0:
        head, tail = stripped[:marker_at].rstrip(), stripped[marker_at:]
        return f"{head}\n\n{new_section}\n\n{tail}\n"
    return stripped + "\n\n" + new_section + "\n"


def pitch_part(body: str) -> str:
    """The pitch itself: the PR body without the architect's own sections and markers."""
    body = replace_section(body, FORKS_HEADING, None)
    body = replace_section(body, FILED_HEADING, None)
    return markers.strip_markers(body).strip()


def answer_text(option: str | None, text: str, limit: int) -> str:
    """`B) the option's words — the reason`, without doubling a letter the text repeats."""
    flat = one_line(text, limit)
    if not option or flat.startswith(f"{option})"):
        return flat
    return f"{option}) {flat}"


def footer_comment(slug: str) -> str:
    return f"{FOOTER_TEXT}\n\n{markers.FooterMark(slug).render()}"


def fork_block(fork: DesignFork) -> str:
    lines = [f"**Q{fork.number}:** {fork.question.strip()}", ""]
    for letter, text in fork.options:
        rec = " **(recommended)**" if letter == fork.recommended else ""
        lines.append(f"- {letter}) {text.strip()}{rec}")
    if fork.why:
        lines += ["", f"_Why {fork.recommended}:_ {fork.why.strip()}"]
    return "\n".join(lines)


def how_to_answer(forks: Sequence[DesignFork]) -> str:
    example = "; ".join(f"Q{f.number}: {f.recommended}" for f in forks[:2])
    return (f"Answer with lines like `{example}` (a reason may follow), `Q{forks[0].number}: "
            "recommended`, or `yes` to take every recommendation. Free text works too.")


def questions_comment(ledger: Ledger, *, no_fork_reason: str, round_: int,
                      seen: int | None = None) -> str:
    marker = markers.QuestionsMark(round_, ledger, seen).render()
    if not ledger.forks:
        reason = no_fork_reason.strip() or "the pitch leaves no real design choice open."
        return f"No design questions: {reason}\n\nFiling the sub-issues next.\n\n{marker}"
    blocks = "\n\n".join(fork_block(f) for f in ledger.forks)
    return (f"Design questions before this sprint is filed:\n\n{blocks}\n\n"
            f"{how_to_answer(ledger.forks)}\n\n{marker}")


def answers_comment(ledger: Ledger, *, acknowledged: Sequence[DesignFork], notes: Sequence[str],
                    reply: str, follow_ups: Sequence[DesignFork], round_: int,
                    read: Sequence[int] = (), seen: int | None = None,
                    digests: Sequence[tuple[int, str]] = (),
                    sources: Mapping[int, str] | None = None,
                    unread: Sequence[tuple[int, str, str]] = (),
                    reviews: Sequence[int] = ()) -> str:
    """The acknowledgment of an answers round; `read` names the comments it read
    (`digests`: the fingerprint of each text read, so that an edit is read again),
    `reviews` the PR reviews it read.
    `sources` names the words each answer was read from; `unread` quotes back what
    named a question but could not be read."""
    parts: list[str] = []
    words = sources or {}
    if acknowledged:
        lines = ["Recorded:"]
        for fork in acknowledged:
            assert fork.answer is not None
            text = answer_text(fork.answer.option, fork.answer.text, 200)
            source = f" — read from “{one_line(words[fork.number], 120)}”" \
                if words.get(fork.number) else ""
            lines.append(f"- Q{fork.number}: {text} (@{fork.answer.by}){source}")
        parts.append("\n".join(lines))
    if unread:
        parts.append("Could not read (nothing was recorded from these words):\n" + "\n".join(
            f"- “{one_line(said, 160)}” by @{login}, about Q{number}: answer it with one of "
            f"its letters, e.g. `Q{number}: A`, or `Q{number}: recommended`."
            for number, said, login in unread))
    if reply.strip():
        parts.append(reply.strip())
    if notes:
        parts.append("\n".join(f"- {note}" for note in notes))
    if follow_ups:
        parts.append("Follow-up questions:\n\n" + "\n\n".join(fork_block(f) for f in follow_ups))
    still_open = ledger.unresolved
    if still_open:
        listing = ", ".join(f"Q{f.number}" for f in still_open)
        parts.append(f"Still open: {listing}. {how_to_answer(still_open)}")
    else:
        # The filing that follows says itself what it files (`filed_comment`).
        parts.append("Every design fork is resolved.")
    parts.append(markers.AnswersMark(round_, ledger, tuple(read), seen, tuple(digests),
                                     tuple(reviews)).render())
    return "\n\n".join(parts)


def sub_issue_body(sub: SubIssue, *, vision: int, slug: str, depends_on: Sequence[int],
                   shaped_by: Sequence[DesignFork], pr_url: str) -> str:
    """`shaped_by`: the answered forks behind the issue, each stated with its link."""
    files = "\n".join(f"- `{f}`" for f in sub.affected_files) or "- (none named)"
    criteria = "\n".join(f"- [ ] {c}" for c in sub.acceptance_criteria)
    deps = "\n".join(f"Depends on #{n}" for n in depends_on) or "None."
    lines = [
        "## Problem", "", sub.problem.strip(), "",
        "## Proposed solution", "", sub.proposed_solution.strip(), "",
        "## Affected files", "", files, "",
        "## Acceptance criteria", "", criteria, "",
        "## Dependencies", "", deps, "",
    ]
    decided = [decision_line(f) for f in shaped_by if f.answer is not None]
    if decided:
        lines += ["## Design decisions", "", *decided, ""]
    lines += [f"Decomposed from #{vision} (sprint PR: {pr_url})", "",
              markers.decomposed_marker(vision, slug, sub.id)]
    return "\n".join(lines)


def decision_line(fork: DesignFork) -> str:
    """`- Q2: <question> **Decided:** B) <answer> (@who, [comment](url))`."""
    assert fork.answer is not None
    a = fork.answer
    source = f"[comment]({a.url})" if a.url else "comment"
    return (f"- Q{fork.number}: {one_line(fork.question, 300)} **Decided:** "
            f"{answer_text(a.option, a.text, 300)} (@{a.by}, {source})")


def plan_comment(subs: Sequence[SubIssue], filed: Mapping[str, int] | None = None,
                 near: Sequence[Overlap] = (), *, repo: str, overlaps: str | None = None) -> str:
    """The plan; `filed` (edited in as the filing goes) shows each issue made so far.

    `near` lists the open issues a sub-issue looks like; a re-render during the filing
    passes the paragraph the first render wrote (`overlaps_of`) instead.
    """
    done = dict(filed or {})
    listing = "\n".join(f"- `{s.id}`: {one_line(s.title, 150)}" +
                        (f" (after {', '.join(s.depends_on)})" if s.depends_on else "") +
                        (f" → {issue_ref(repo, done[s.id])}" if s.id in done else "")
                        for s in subs)
    mark = markers.PlanMark(tuple(subs), tuple((s.id, done[s.id]) for s in subs
                                               if s.id in done)).render()
    if overlaps is None:
        overlaps = ""
        if near:
            overlaps = (f"\n\n{OVERLAPS_INTRO}\n\n"
                        + "\n".join(f"- `{o.key}` is {o.score:.0%} like [#{o.issue.number}]"
                                     f"({o.issue.url}) {one_line(o.issue.title, 100)}"
                                     for o in near))
    return f"Filing {len(subs)} sub-issues:\n\n{listing}{overlaps}\n\n{mark}"


OVERLAPS_INTRO = "These look like open issues already; check before working on both:"


def overlaps_of(plan_body: str) -> str:
    """The near-duplicates paragraph of a rendered plan comment ("" when it has none)."""
    start = plan_body.find(f"\n\n{OVERLAPS_INTRO}")
    if start == -1:
        return ""
    end = plan_body.rfind("\n\n" + markers.MARK_OPEN)
    return plan_body[start:end if end > start else len(plan_body)]


def filing_problem_comment(problems: Sequence[str], *, seen: int | None = None) -> str:
    listing = "\n".join(f"- {p}" for p in problems)
    return ("Nothing was filed: the proposed sub-issues failed the filing check.\n\n"
            f"{listing}\n\nReply on this PR and the architect plans the sub-issues again: "
            "`drop it` / `drop both` / `drop <id>` / `drop #N` leaves a flagged sub-issue out, "
            "`keep <id>: <how it differs>` files it anyway; anything else you write (the "
            "change you want) goes to the planner with these problems.\n\n"
            + markers.FilingCheckMark(seen).render())


def filed_comment(numbers: Sequence[int], *, repo: str,
                  titles: Mapping[int, str] | None = None,
                  plan: markers.PlanMark | None = None, overlaps: str = "") -> str:
    """`Sprint filed:` and the issues, each with its title when known.

    `plan`: the plan comment becomes this one when its filing ends, so the filed list is
    said once; it keeps the plan's record (and its near-duplicates paragraph) for a retry.
    """
    known = titles or {}
    listing = "\n".join(f"- {issue_ref(repo, n)}" + (f" — {one_line(known[n], 150)}"
                                                      if n in known else "")
                        for n in numbers)
    mark = markers.FiledMark(tuple(numbers)).render()
    record = f"{plan.render()}\n" if plan is not None else ""
    return f"Sprint filed:\n\n{listing}{overlaps}\n\n{record}{mark}"


def refreshed_comment(change: VisionChange) -> str:
    """The one note that the pitch was rebuilt from its edited vision."""
    return (f"{change.subject} changed since this pitch: {change.describe()}. The pitch above is "
            "rebuilt from the vision as it reads now; reply `ACCEPT` to proceed with design "
            "questions, or `REJECT: <reason>` to decline.\n\n"
            + markers.RefreshedMark(change.now.stamp).render())


def asked_again_comment(change: VisionChange) -> str:
    """The vision changed after the approval: the plan waits for ACCEPT again."""
    return (f"{change.subject} changed since you approved: {change.describe()}. The pitch above "
            "now shows the plan as the vision reads now, and nothing is filed until someone "
            "who may steer agrees to it: `ACCEPT` again (or approve the PR again), or "
            "`REJECT: <reason>`.\n\n" + markers.AskedAgainMark(change.now.stamp).render())


def revised_comment(review_id: int, reviewer: str, changes: str, *,
                    comment: bool = False) -> str:
    asked = "the comment" if comment else "the review"
    return (f"Revised the pitch after {asked} by @{reviewer}:\n\n{changes.strip()}\n\n"
            + markers.RevisedMark(review_id, comment).render())


def unclear_decision_comment(login: str, text: str, comment_id: int, *,
                             review: bool = False) -> str:
    """The one reply to a comment like `LGTM` on a pitch: what was understood, what to write."""
    return (f"@{login}, I read “{one_line(text, 80)}” as agreement, but the architect acts only "
            "on a decision it cannot misread, so nothing happened yet.\n\n"
            "- To go ahead: reply `ACCEPT` (anything after it is guidance for the design "
            "questions), or approve the PR with a review.\n"
            "- To decline: reply `REJECT: <reason>`.\n\n"
            + markers.UnclearMark(comment_id, review=review).render())


def branch_gone_comment(branch: str) -> str:
    """The one note on a sprint PR reopened after its branch was deleted."""
    return (f"This PR is open again, but its branch `{branch}` was deleted, so nothing it "
            "holds can be changed or merged. To go on with this sprint, restore the branch "
            "(the PR's page on the forge offers it, or push its last commit to "
            f"`{branch}`): the next tick resumes where it stopped. Until then the architect "
            "treats this sprint as closed and reads no answers here; close the PR to leave "
            "it at that.\n\n" + markers.BranchGoneMark().render())


def rejected_comment(reason: str, by: str) -> str:
    return (f"Rejected by @{by}: {one_line(reason, 500) or '(no reason given)'}\n\n"
            "Closing this PR and deleting its branch; the reason goes to the journal.\n\n"
            + markers.RejectedMark().render())


def rejection_notice(pr_number: int, reason: str, by: str) -> str:
    return (f"The sprint pitch for this vision (PR #{pr_number}) was rejected by @{by}: "
            f"{one_line(reason, 500) or '(no reason given)'}\n\n"
            "Edit this issue or comment on it to ask for a new pitch.\n\n"
            + markers.RejectedMark(pr_number, reason).render())


def closed_notice(pr_number: int, by: str, *, merged: bool, reason: str = "") -> str:
    pr = f"The sprint PR for this vision (PR #{pr_number})"
    if merged:
        return (f"{pr} was merged by @{by} before its sub-issues were filed: nothing was "
                "filed.\n\nEdit this issue or comment on it to ask for a new pitch, or file "
                "the sub-issues by hand.\n\n"
                + markers.RejectedMark(pr_number, reason, how="merged").render())
    said = f": {one_line(reason, 500)}" if reason else " without a `REJECT:` reason."
    return (f"{pr} was closed by @{by}{said}\n\nEdit this issue or comment on it to ask for a "
            "new pitch; reopening the PR resumes that sprint where it stopped.\n\n"
            + markers.RejectedMark(pr_number, reason, how="closed").render())


def merged_unfiled_comment(by: str, vision_number: int, *, repo: str) -> str:
    return (f"Merged by @{by} before the sub-issues were filed: nothing was filed for "
            f"{issue_ref(repo, vision_number)}, and this sprint ends here.\n\nTo continue, "
            "edit the vision or comment on it to ask for a new pitch, or file the sub-issues "
            "by hand.\n\n"
            + markers.RejectedMark().render())


def stopped_comment(reason: str) -> str:
    return (f"Stopped: {reason}.\n\nClosing this PR and deleting its branch; nothing more is "
            "asked or filed for it.\n\n" + markers.RejectedMark().render())


def stopped_notice(pr_number: int, reason: str, vision_label: str) -> str:
    return (f"The sprint for this vision (PR #{pr_number}) was stopped: {reason}.\n\n"
            f"To plan it again, make sure this issue is open and labelled `{vision_label}`, "
            "then edit it or comment on it to ask for a new pitch.\n\n"
            + markers.RejectedMark(pr_number, reason, stop=True).render())


_MODEL_STEPS = {
    # mode → (what failed, what a human can do about it)
    "pitch": ("write the sprint pitch for this vision",
              "Edit this issue (clear tasks and open questions help) or comment on it to ask "
              "for another try."),
    "revise": ("revise the pitch after the review",
               "Reply here, for example with the review's feedback in other words, to ask for "
               "another try."),
    "questions": ("propose the design questions",
                  "Reply here, for example with guidance for the design questions, to ask for "
                  "another try."),
    "answers": ("read the answers",
                "Reply here with your answers as `Q1: A` lines (those need no model), or in "
                "other words to ask for another try."),
    "file": ("plan the sub-issues",
             "Reply here, for example with the sub-issues you expect, to ask for another try."),
}


def model_error_comment(mark: markers.ModelErrorMark, error: str, *,
                        why: str = InvalidModelOutput.explanation) -> str:
    """Told once per failure: what the model got wrong, and what a human can do next."""
    what, todo = _MODEL_STEPS.get(mark.step,
                                  ("do its next step", "Reply here to ask for another try."))
    lines = [line for line in error.replace("`", "'").splitlines() if line.strip()][:8]
    detail = markers.neutralize("\n".join(one_line(line, 200) for line in lines) or "(no detail)")
    return (f"The architect could not {what}: {why}.\n\n```text\n{detail}\n```\n\n{todo} "
            "The architect will not ask the model again before that. If this keeps happening, "
            "check the model settings (`[architect].model`, `model_name`).\n\n"
            + mark.render())
