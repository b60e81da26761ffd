"""The pitch and its revision, built from the vision's parts and the project's docs."""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence

from architect.core.inputs import PlannerInputs, ProjectContext
from architect.core.schemas import Pitch, PointOutcome, ReviewPoint, RevisedPitch, Verdict
from architect.core.text import keywords, one_line, visible_text
from architect.runners.offline.common import (
    MAX_ITEMS,
    askable,
    bullets,
    clip,
    listing,
    out_of_scope,
    plural,
    vision_keywords,
)
from architect.runners.offline.dependencies import longest_chain, resolve_dependencies
from architect.runners.offline.review import (
    DROPPED,
    NARROWED,
    RULED_OUT,
    Narrowing,
    carried,
    drop_requests,
    dropped_ids,
    feedback_notes,
    named_tasks,
    narrowed_in,
    narrowing,
    raised_in,
    ruled_out,
    without,
    written_in,
)
from architect.runners.offline.risks import cost, risks, spot_infra
from architect.runners.offline.splitting import proposed_split, too_large_reason
from architect.runners.offline.vision import ChecklistItem, StructuredVision, parse_vision

NO_CHECKLIST = "the vision has no checklist to plan from; add `- [ ]` items"
ALL_DONE = "every checklist item is already checked off; there is nothing left to plan"
WRITTEN_OFFLINE = (
    "_Written by the offline planner without a model: it reads the structured vision "
    "and the project's VISION.md and AGENTS.md, not the code._"
)


def pitch(inputs: PlannerInputs, review_notes: Sequence[str] = (),
          dropped: Sequence[str] | None = None, ruled: Sequence[str] | None = None,
          narrowed: Mapping[str, str] | None = None) -> Pitch:
    """The pitch; what earlier revisions dropped or narrowed (their lines in the pitch's
    Complexity) stays so unless `dropped`, `ruled` and `narrowed` say otherwise."""
    dropped = dropped_ids(inputs.pitch_markdown) if dropped is None else dropped
    ruled = written_in(inputs.pitch_markdown, "Complexity", RULED_OUT) if ruled is None \
        else ruled
    narrowed = narrowed_in(inputs.pitch_markdown) if narrowed is None else narrowed
    whole = parse_vision(inputs.vision.body)
    vision = without(whole, dropped)
    items = vision.open_items[:MAX_ITEMS]
    deps, unresolved = resolve_dependencies(items)
    verdict, reason = verdict_of(vision, inputs.max_sub_issues)
    if dropped and whole.open_items and not vision.open_items:
        reason = "the review dropped every task of the vision; edit the vision to plan anew"
    size = _size(len(items), len(askable(vision.questions)))
    record = [f"- {DROPPED}`{i.id}` — {one_line(i.text, 150)}" for i in whole.items
              if i.id in dropped] + [f"- {RULED_OUT}{kind}" for kind in ruled]
    record += [f"- {NARROWED}`{i.id}` — {narrowed[i.id]}" for i in items if i.id in narrowed]
    complexity = _complexity(size, items, vision, deps)
    return Pitch(
        what_this_enables=_enables(inputs, vision, narrowed),
        what_exists_today=_exists_today(inputs, vision),
        complexity=complexity + ("\n\n" + "\n".join(record) if record else ""),
        risks=risks(inputs, vision, deps, unresolved, review_notes),
        cost_new_infra=cost(vision, ruled),
        verdict=verdict,
        recommendation=_recommendation(inputs, vision, verdict, reason, size, ruled),
    )


def revise(inputs: PlannerInputs) -> RevisedPitch:
    """The review's points into the plan: a point limiting a task ("only CSV", "just a
    read-only page") narrows the one it names, kept; a point asking to drop part of it
    drops the tasks it names (or says it names none); any other is kept in Risks for the
    filing."""
    earlier = raised_in(inputs.pitch_markdown)
    dropped = dropped_ids(inputs.pitch_markdown)
    ruled = written_in(inputs.pitch_markdown, "Complexity", RULED_OUT)
    narrowed = narrowed_in(inputs.pitch_markdown)
    vision = parse_vision(inputs.vision.body)
    raised: list[str] = []
    points: list[ReviewPoint] = []
    for note in feedback_notes(inputs.feedback):
        limit = narrowing(note)
        if limit is not None:
            task = _narrowed_task(limit, vision, dropped)
            if task is not None:
                narrowed[task.id] = limit.scope
                points.append(_narrow_outcome(note, limit, task))
                continue
        asks = drop_requests(note)
        if limit is not None and not asks:
            points.append(_unnamed_narrowing(note, limit))
            continue
        if not asks:
            raised.append(note)
            points.append(ReviewPoint(point=note, outcome=PointOutcome.KEPT, what=(
                "listed in Risks; the filing makes it an acceptance criterion of the task it "
                "names, or a sub-issue of its own")))
            continue
        named = set(named_tasks(asks, [(i.id, i.text) for i in vision.open_items
                                       if i.id not in dropped]))
        hit = [i for i in vision.open_items if i.id in named]
        kinds = [k for a in asks for k in ruled_out(a) if k not in ruled]
        dropped += [i.id for i in hit]
        ruled += kinds
        points.append(_unnamed_narrowing(note, limit) if limit is not None and not hit
                      and not kinds else _drop_outcome(note, asks, hit, kinds))
    notes = carried(earlier, raised)
    new = pitch(inputs, notes, dropped, ruled, narrowed)
    changes = _changes(inputs, new)
    kept = len(notes) - len(carried([], raised))
    if kept:
        changes += (" The point of an earlier review stays in the plan." if kept == 1 else
                    f" The {kept} points of earlier reviews stay in the plan.")
    return RevisedPitch(**new.model_dump(), changes=changes, points=points)


def _narrowed_task(limit: Narrowing, vision: StructuredVision,
                   dropped: Sequence[str]) -> ChecklistItem | None:
    """The one task the narrowing's part names best (None: it names none, or several
    equally: then the point is read as any other)."""
    ids = named_tasks([limit.part], [(i.id, i.text) for i in vision.open_items
                                     if i.id not in dropped])
    return next((i for i in vision.open_items if i.id == ids[0]), None) \
        if len(ids) == 1 else None


def _narrow_outcome(note: str, limit: Narrowing, task: ChecklistItem) -> ReviewPoint:
    what = (f"narrowed `{task.id}` ({one_line(task.text, 80)}) to “{one_line(limit.scope, 120)}”:"
            " kept in the plan, its scope and acceptance criteria follow the review; its title "
            "and files stay as the vision words them (edit the vision to change those)")
    if limit.left_out:
        what += "; it leaves out " + listing([f"“{w}”" for w in limit.left_out])
    return ReviewPoint(point=note, outcome=PointOutcome.CHANGED, what=what)


def _unnamed_narrowing(note: str, limit: Narrowing) -> ReviewPoint:
    return ReviewPoint(point=note, outcome=PointOutcome.DECLINED, what=(
        f"no one task of the plan is “{one_line(limit.part, 80)}”, so nothing was narrowed; "
        "the offline planner narrows the task a point names by its words: name it, or edit "
        "the vision"))


def _drop_outcome(note: str, asks: Sequence[str], hit: Sequence[ChecklistItem],
                  kinds: Sequence[str]) -> ReviewPoint:
    if not hit and not kinds:
        return ReviewPoint(point=note, outcome=PointOutcome.DECLINED, what=(
            f"no task of the plan is about “{one_line(asks[0], 80)}”, so nothing was dropped; "
            "the offline planner drops the vision's tasks and nothing else: edit the vision "
            "for any other change"))
    what = []
    if hit:
        what.append("dropped " + listing([f"`{i.id}` ({one_line(i.text, 80)})" for i in hit]))
    if kinds:
        what.append(f"Cost and the recommendation no longer count {listing(list(kinds))}")
    return ReviewPoint(point=note, outcome=PointOutcome.CHANGED, what="; ".join(what))


def verdict_of(vision: StructuredVision, max_sub_issues: int) -> tuple[Verdict, str]:
    """GO, or NO-GO and why: nothing to plan, nothing left, or more than one sprint files."""
    if vision.is_empty or not vision.items:
        return Verdict.NO_GO, NO_CHECKLIST
    if not vision.open_items:
        return Verdict.NO_GO, ALL_DONE
    if len(vision.open_items) > max_sub_issues:
        return Verdict.NO_GO, too_large_reason(len(vision.open_items), max_sub_issues)
    return Verdict.GO, ""


def _size(tasks: int, questions: int) -> str:
    if tasks <= 2 and questions <= 1:
        return "S"
    if tasks >= 7 or questions >= 4:
        return "L"
    return "M"


def _enables(inputs: PlannerInputs, vision: StructuredVision,
             narrowed: Mapping[str, str]) -> str:
    parts = [
        clip(vision.goal, 1500)
        or f"Vision #{inputs.vision.number} — "
        f"{inputs.vision.title}. The issue states no goal beyond its title."
    ]
    if vision.why:
        parts.append(f"**Why:** {clip(vision.why, 800)}")
    if vision.open_items:
        parts.append("Once done:\n" + bullets([
            i.text + (f" — as the review narrowed it: {narrowed[i.id]}" if i.id in narrowed
                      else "") for i in vision.open_items], limit=8))
    if vision.out_of_scope:
        parts.append(out_of_scope(vision))
    return "\n\n".join(parts)


def _exists_today(inputs: PlannerInputs, vision: StructuredVision) -> str:
    topics = vision_keywords(inputs, vision)
    lines = [
        _mentions("VISION.md", inputs.context.vision_md, topics),
        _mentions("AGENTS.md", inputs.context.agents_md, topics),
    ]
    if vision.context:
        lines.append(f"- The vision says: {clip(vision.context, 400)}")
    done = [i.text for i in vision.items if i.done]
    if done:
        lines.append("- Already checked off in the vision: " + "; ".join(done[:8]))
    files = list(dict.fromkeys(f for i in vision.open_items[:MAX_ITEMS] for f in i.files))
    if files:
        lines.append(_files_line(files, inputs.context))
    return "\n".join(lines) + "\n\n" + WRITTEN_OFFLINE


def _mentions(name: str, document: str, topics: frozenset[str]) -> str:
    if not document.strip():
        return f"- No {name} in the project repo."
    scored: list[tuple[int, int, str]] = []
    for index, raw in enumerate(visible_text(document).split("\n")[:2000]):
        if raw.lstrip().startswith("#"):
            continue  # a heading names a topic; the lines under it say something about it
        line = raw.strip().lstrip(">-*+ ").strip()
        overlap = len(keywords(line) & topics)
        if line and overlap:
            scored.append((-overlap, index, one_line(line, 200)))
    if not scored:
        return f"- {name} says nothing about this vision's topics."
    quotes = [quote for _, _, quote in sorted(scored)[:3]]
    return f"- {name} mentions it: " + "; ".join(f"“{q}”" for q in quotes)


def _files_line(files: list[str], context: ProjectContext) -> str:
    """What exists of the files the tasks name: only those the repo holds are named as
    existing; the others are counted as files the tasks create, never cited as there."""
    if context.files is None and context.code_summary.strip():
        known: Collection[str] = {f for f in files if f in context.code_summary}
    elif context.files is None:
        return (f"- The tasks name {plural(len(files), 'file')}; the offline planner did not "
                "read the repo's tree, so which exist is not checked.")
    else:
        known = set(context.files)
    there = [f for f in files if f in known]
    new = len(files) - len(there)
    parts = []
    if there:
        parts.append("- Files the tasks name that exist: "
                     + ", ".join(f"`{f}`" for f in there[:10]))
    if new:
        parts.append(f"- {plural(new, 'file')} the tasks name "
                     f"{'is' if new == 1 else 'are'} not in the repo yet: the tasks create "
                     f"{'it' if new == 1 else 'them'}.")
    return "\n".join(parts)


def _complexity(
    size: str,
    items: Sequence[ChecklistItem],
    vision: StructuredVision,
    deps: dict[str, tuple[str, ...]],
) -> str:
    questions = len(askable(vision.questions))
    edges = sum(len(d) for d in deps.values())
    files = len({f for i in items for f in i.files})
    text = (
        f"**{size}** — {plural(len(vision.open_items), 'task')}, "
        f"{plural(questions, 'open question')}, "
        f"{plural(edges, 'dependency', 'dependencies')} between tasks, "
        f"{plural(files, 'file')} named."
    )
    chain = longest_chain(deps)
    if len(chain) >= 2:
        text += f"\n\nLongest dependency chain: {' → '.join(chain)}."
    return text


def _recommendation(
    inputs: PlannerInputs, vision: StructuredVision, verdict: Verdict, reason: str, size: str,
    ruled: Sequence[str] = (),
) -> str:
    parts = []
    if inputs.rejection_reason.strip():
        parts.append(_answer_rejection(inputs.rejection_reason, vision))
    if verdict is Verdict.NO_GO:
        parts.append(f"Not worth a sprint yet: {reason}.")
        if len(vision.open_items) > inputs.max_sub_issues:
            parts.append(proposed_split(vision.open_items, inputs.max_sub_issues))
    else:
        questions = len(askable(vision.questions))
        text = f"Worth a sprint: {plural(len(vision.open_items), 'task')}, size {size}"
        text += (
            f", with {plural(questions, 'design question')} to settle first."
            if questions
            else "; no design question needs asking."
        )
        if size == "L":
            text += " At this size, consider splitting the vision into two sprints."
        infra = [(k, w) for k, w in spot_infra(" ".join(i.text for i in
                                                     vision.open_items[:MAX_ITEMS]))
                 if k not in ruled]
        if infra:
            text += f" It adds {listing([k for k, _ in infra])} to maintain: weigh that first."
        parts.append(text)
    parts.append("This pitch was written by the offline planner, without a model.")
    return "\n\n".join(parts)


def _answer_rejection(reason: str, vision: StructuredVision) -> str:
    reason = one_line(re.sub(r"^\s*REJECT:\s*", "", reason, flags=re.IGNORECASE), 300)
    if not reason:
        return (
            "An earlier pitch was rejected without a reason; "
            "this pitch is rebuilt from the vision as it reads now."
        )
    said = f"An earlier pitch was rejected: “{reason}”" + ("" if reason[-1:] in ".!?" else ".")
    terms = keywords(reason)
    if not terms:
        return f"{said} This pitch is rebuilt from the vision as it reads now."
    excluded = [s for s in vision.out_of_scope if keywords(s) & terms]
    if excluded:
        return f"{said} The vision now puts it out of scope: " + "; ".join(excluded[:3]) + "."
    touched = [i.text for i in vision.open_items[:MAX_ITEMS] if keywords(i.text) & terms]
    if touched:
        return (
            f"{said} The tasks still touch it ({'; '.join(touched[:3])}): "
            "if that was the objection, edit the vision before accepting."
        )
    return f"{said} None of the tasks touches it any more, so this pitch leaves it out."


def _changes(inputs: PlannerInputs, new: Pitch) -> str:
    if not inputs.feedback.strip():
        return "The review gave no text; the pitch was rebuilt from the vision as it reads now."
    quoted = "\n".join(f"> {line}" for line in clip(inputs.feedback, 1500).split("\n"))
    text = f"{quoted}\n\nThe plan as revised: {new.complexity.split(chr(10))[0]} " \
           f"Recommendation: {new.verdict.value}."
    old = " ".join(inputs.pitch_markdown.split())
    if old:
        changed = [title for title, body in _sections_of(new) if " ".join(body.split()) not in old]
        changed = [t for t in changed if t != "Risks"]  # where the points go: said below
        if changed:
            text += " Sections that differ from the previous pitch: " + ", ".join(changed) + "."
    return text


def _sections_of(new: Pitch) -> list[tuple[str, str]]:
    return [
        ("What this enables", new.what_this_enables),
        ("What exists today", new.what_exists_today),
        ("Complexity", new.complexity),
        ("Risks", new.risks),
        ("Cost", new.cost_new_infra),
    ]
