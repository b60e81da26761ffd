"""The offline planner: a deterministic runner for structured vision issues.

It reads `request.inputs` (never the prompt text), parses the vision with
`architect.vision`, and answers every mode from the vision's parts: the
checklist becomes sub-issues, `## Open questions` become design forks, the
ledger's decisions shape the sub-issues. Same inputs, same answer; no model,
no network, zero usage. `architect demo` and the tests run on it, and a team
that writes structured visions can use it for real.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

from pydantic import BaseModel, ValidationError

from architect.errors import InvalidModelOutput
from architect.journal import LESSONS_MAX_BYTES
from architect.ledger import DesignFork, ForkStatus, Ledger
from architect.runners.base import Mode, ModelRequest, ModelResult
from architect.runners.inputs import HumanComment, PlannerInputs
from architect.runners.schemas import (
    AnswerRound,
    ForkProposal,
    Interpretation,
    LessonsDigest,
    Option,
    Pitch,
    ProposedFork,
    RevisedPitch,
    SubIssue,
    SubIssuePlan,
    Verdict,
)
from architect.text import one_line
from architect.vision import (
    ChecklistItem,
    OpenQuestion,
    StructuredVision,
    clean_text,
    keywords,
    normalize,
    parse_vision,
    slugify,
)

if TYPE_CHECKING:
    from architect.runners.registry import RunnerSettings

T = TypeVar("T", bound=BaseModel)

NO_CHECKLIST = "the vision has no checklist to plan from; add `- [ ]` items"
ALL_DONE = "every checklist item is already checked off; there is nothing left to plan"
WRITTEN_OFFLINE = (
    "_Written by the offline planner without a model: it reads the structured vision "
    "and the project's VISION.md and AGENTS.md, not the code._"
)
MAX_FORKS = 5
MAX_ITEMS = 60  # more than any sprint should hold; the filing check explains the excess


def from_settings(settings: RunnerSettings) -> OfflinePlanner:
    """The registry's factory (`model = "offline"`): nothing to configure."""
    return OfflinePlanner()


class OfflinePlanner:
    """The `offline` runner. Stateless: sessions are no-ops."""

    def __init__(self, name: str = "offline") -> None:
        self.name = name

    def check_ready(self) -> None:
        return None

    def drop_session(self, session_key: str) -> None:
        return None

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        answer = _MODES[request.mode](request.inputs)
        try:
            output = request.schema.model_validate(answer.model_dump())
        except ValidationError as exc:
            raise InvalidModelOutput(
                f"the offline planner's {request.mode} answer does not fit "
                f"{request.schema.__name__} ({exc.error_count()} errors)"
            ) from exc
        return ModelResult(output=output)


# ---------------------------------------------------------------- pitch and revise


def pitch(inputs: PlannerInputs, review_notes: Sequence[str] = ()) -> Pitch:
    vision = parse_vision(inputs.vision.body)
    items = vision.open_items[:MAX_ITEMS]
    deps, unresolved = resolve_dependencies(items)
    verdict, reason = _verdict(vision)
    size = _size(len(items), len(_askable(vision.questions)))
    return Pitch(
        what_this_enables=_enables(inputs, vision),
        what_exists_today=_exists_today(inputs, vision),
        complexity=_complexity(size, items, vision, deps),
        risks=_risks(inputs, vision, deps, unresolved, review_notes),
        cost_new_infra=_cost(vision),
        verdict=verdict,
        recommendation=_recommendation(inputs, vision, verdict, reason, size),
    )


def revise(inputs: PlannerInputs) -> RevisedPitch:
    notes = _feedback_notes(inputs.feedback)
    new = pitch(inputs, notes)
    return RevisedPitch(**new.model_dump(), changes=_changes(inputs, new, notes))


def _verdict(vision: StructuredVision) -> tuple[Verdict, str]:
    if vision.is_empty or not vision.items:
        return Verdict.NO_GO, NO_CHECKLIST
    if not vision.open_items:
        return Verdict.NO_GO, ALL_DONE
    return Verdict.GO, ""


def _size(tasks: int, questions: int) -> str:
    if tasks <= 2 and questions <= 1:
        return "S"
    if tasks >= 7 or questions >= 4:
        return "L"
    return "M"


def _enables(inputs: PlannerInputs, vision: StructuredVision) -> str:
    parts = [
        clip(vision.goal, 1500)
        or f"Vision #{inputs.vision.number} — "
        f"{inputs.vision.title}. The issue states no goal beyond its title."
    ]
    if vision.why:
        parts.append(f"**Why:** {clip(vision.why, 800)}")
    if vision.open_items:
        parts.append("Once done:\n" + bullets([i.text for i in vision.open_items], limit=8))
    if vision.out_of_scope:
        parts.append(_out_of_scope(vision))
    return "\n\n".join(parts)


def _out_of_scope(vision: StructuredVision) -> str:
    shown = [one_line(s, 100).rstrip(".") for s in vision.out_of_scope[:5]]
    return "Out of scope: " + "; ".join(shown) + "."


def _exists_today(inputs: PlannerInputs, vision: StructuredVision) -> str:
    topics = _vision_keywords(inputs, vision)
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
        lines.append(_files_line(files, inputs.context.code_summary))
    return "\n".join(lines) + "\n\n" + WRITTEN_OFFLINE


def _vision_keywords(inputs: PlannerInputs, vision: StructuredVision) -> frozenset[str]:
    text = " ".join([inputs.vision.title, vision.goal[:2000], *(i.text for i in vision.items[:60])])
    return keywords(text)


def _mentions(name: str, document: str, topics: frozenset[str]) -> str:
    if not document.strip():
        return f"- No {name} in the project repo."
    scored: list[tuple[int, int, str]] = []
    for index, raw in enumerate(clean_text(document).split("\n")[:2000]):
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


def _files_line(files: list[str], code_summary: str) -> str:
    shown = files[:10]
    if not code_summary.strip():
        return "- Files the tasks name: " + ", ".join(f"`{f}`" for f in shown)
    marked = [f"`{f}` ({'exists' if f in code_summary else 'new'})" for f in shown]
    return "- Files the tasks name: " + ", ".join(marked)


def _complexity(
    size: str,
    items: Sequence[ChecklistItem],
    vision: StructuredVision,
    deps: dict[str, tuple[str, ...]],
) -> str:
    questions = len(_askable(vision.questions))
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


def _risks(
    inputs: PlannerInputs,
    vision: StructuredVision,
    deps: dict[str, tuple[str, ...]],
    unresolved: list[tuple[str, str]],
    review_notes: Sequence[str],
) -> str:
    found = [one_line(r, 300) for r in vision.risks[:10]]
    askable = _askable(vision.questions)
    if askable:
        found.append(
            f"The design waits on {plural(len(askable), 'open question')}; "
            "the design phase settles them before anything is filed."
        )
    mute = [q.text for q in vision.questions if len(q.options) < 2]
    if mute:
        found.append(
            "Questions without lettered options cannot be asked: "
            + "; ".join(f"“{one_line(q, 100)}”" for q in mute[:5])
            + " — add `- A) …` lines under them."
        )
    vague = [i for i in vision.open_items[:MAX_ITEMS] if not i.files]
    if vague:
        found.append(f"{plural(len(vague), 'task')} name no files; their size is a guess.")
    found += [
        f"`after: {ref}` (in “{one_line(item, 80)}”) names no task; it is ignored."
        for item, ref in unresolved[:5]
    ]
    cycle = find_cycle(deps)
    if cycle:
        found.append(
            f"The `after:` notes form a cycle ({' → '.join(cycle)}); "
            "filing refuses it until one note is removed."
        )
    found += _lessons_touching(inputs.context.lessons, _vision_keywords(inputs, vision))
    found += [f"Raised in review: {note}" for note in review_notes]
    if not found:
        return "None listed in the vision, and none found in its structure."
    return bullets(found, limit=25)


def _lessons_touching(lessons: str, topics: frozenset[str]) -> list[str]:
    lines = [line.strip().lstrip("-*+ ").strip() for line in clean_text(lessons).split("\n")]
    hits = [line for line in lines if line and not line.startswith("#") and keywords(line) & topics]
    return [f"A past rejection touches this: {one_line(h, 200)}" for h in hits[:3]]


_INFRA_WORDS = {
    "a database": "database databases db sqlite postgres postgresql mysql mariadb mongodb",
    "a message queue": "queue queues kafka rabbitmq nats sqs",
    "a long-running service": "service services server servers daemon daemons microservice",
    "scheduled jobs": "cron crontab scheduler timer timers systemd",
    "a cache": "cache caches redis memcached",
    "object storage": "bucket buckets s3",
    "containers": "docker container containers kubernetes k8s helm",
    "webhooks": "webhook webhooks",
    "user accounts": "accounts oauth authentication signup",
    "a hosted deployment": "hosted cloud saas deployment",
}
_INFRA = tuple((kind, frozenset(words.split())) for kind, words in _INFRA_WORDS.items())


def spot_infra(text: str) -> list[tuple[str, str]]:
    """(kind of infra, the word that gave it away) for each kind named in `text`."""
    words = re.findall(r"[a-z0-9]+", text.lower()[:50_000])
    found: list[tuple[str, str]] = []
    for kind, names in _INFRA:
        word = next((w for w in words if w in names), None)
        if word:
            found.append((kind, word))
    return found


def _cost(vision: StructuredVision) -> str:
    where = [
        (item.text, f"in: {one_line(item.text, 100)}") for item in vision.open_items[:MAX_ITEMS]
    ]
    where.append((f"{vision.goal[:5000]} {vision.why[:5000]}", "in the goal"))
    lines: dict[str, str] = {}  # one line per kind of infra, where it shows first
    for text, place in where:
        for kind, word in spot_infra(text):
            lines.setdefault(kind, f"- {kind} (“{word}” {place})")
    choices = [
        f"- {kind}, if “{one_line(question.text, 80)}” is answered "
        f"{option.letter}) {one_line(option.text, 60)}"
        for question in _askable(vision.questions)[:MAX_FORKS]
        for option in question.options
        for kind, _ in spot_infra(option.text)
    ]
    found = [*lines.values(), *choices][:12]
    if not found:
        return (
            "None identified: the vision names no database, queue, service, "
            "scheduled job or other infra to run."
        )
    return "New infra the vision's words point to (spotted by keyword; check it):\n" + "\n".join(
        found
    )


def _recommendation(
    inputs: PlannerInputs, vision: StructuredVision, verdict: Verdict, reason: str, size: str
) -> str:
    parts = []
    if inputs.rejection_reason.strip():
        parts.append(_answer_rejection(inputs.rejection_reason, vision))
    if verdict is Verdict.NO_GO:
        parts.append(f"Not worth a sprint yet: {reason}.")
    else:
        questions = len(_askable(vision.questions))
        text = f"Worth a sprint: {plural(len(vision.open_items), 'task')}, size {size}"
        text += (
            f", with {plural(questions, 'design question')} to settle first."
            if questions
            else "; no design question needs asking."
        )
        if size == "L":
            text += " At this size, consider splitting the vision into two sprints."
        infra = spot_infra(" ".join(i.text for i in vision.open_items[:MAX_ITEMS]))
        if infra:
            text += f" It adds {', '.join(k for k, _ in infra)} to maintain: weigh that first."
        parts.append(text)
    parts.append("This pitch was written by the offline planner, without a model.")
    return "\n\n".join(parts)


def _answer_rejection(reason: str, vision: StructuredVision) -> str:
    reason = one_line(re.sub(r"^\s*REJECT:\s*", "", reason, flags=re.IGNORECASE), 300)
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


def _feedback_notes(feedback: str) -> list[str]:
    lines = [line.strip() for line in clean_text(feedback).split("\n")]
    notes = [one_line(line[2:], 300) for line in lines if line[:2] in ("- ", "* ")]
    if not notes and feedback.strip():
        notes = [one_line(feedback, 300)]
    return [n for n in notes if n][:10]


def _changes(inputs: PlannerInputs, new: Pitch, notes: Sequence[str]) -> str:
    if not inputs.feedback.strip():
        return "The review gave no text; the pitch was rebuilt from the vision as it reads now."
    quoted = "\n".join(f"> {line}" for line in clip(inputs.feedback, 1500).split("\n"))
    text = f"{quoted}\n\nAdjusted: added the review's {plural(len(notes), 'point')} to Risks."
    old = " ".join(inputs.pitch_markdown.split())
    if old:
        changed = [title for title, body in _sections_of(new) if " ".join(body.split()) not in old]
        changed = [t for t in changed if t != "Risks"]
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


# ---------------------------------------------------------------- design questions


def questions(inputs: PlannerInputs) -> ForkProposal:
    vision = parse_vision(inputs.vision.body)
    asked = {normalize(f.question) for f in inputs.ledger.forks}
    fresh = [q for q in _askable(vision.questions) if normalize(q.text) not in asked][:MAX_FORKS]
    guided = read_answer(inputs.guidance, _as_forks(fresh)) if inputs.guidance.strip() else {}
    forks = [to_fork(q, guided.get(n), inputs.guidance) for n, q in enumerate(fresh, start=1)]
    if forks:
        return ForkProposal(forks=forks)
    if vision.questions and not _askable(vision.questions):
        reason = (
            "The vision's open questions have no lettered options, so there is nothing "
            "to choose between; the checklist is filed as written."
        )
    else:
        reason = (
            "The vision lists no open design questions; its checklist is specific "
            "enough to file as written."
        )
    return ForkProposal(forks=[], no_fork_reason=reason)


def to_fork(question: OpenQuestion, guided: str | None = None, guidance: str = "") -> ProposedFork:
    """The design fork for a vision question; `guided` is the letter the ACCEPT guidance names."""
    options = [Option(letter=o.letter, text=o.text) for o in question.options[:6]]
    recommended = question.recommended
    marked = next((o for o in question.options if o.recommended), None)
    why = (
        (_sentence(marked.why) or "Marked (recommended) in the vision.")
        if marked
        else (f"No option is marked (recommended); {recommended} is the default.")
    )
    if guided:
        recommended = guided
        why = f"Your guidance with ACCEPT points to it: “{one_line(guidance, 160)}”"
    twists = [
        f"{o.letter} leads to a follow-up: {o.follow_up.text}"
        for o in question.options
        if o.follow_up and len(o.follow_up.options) >= 2
    ]
    if twists:
        why = f"{why} ({'; '.join(twists)})"
    return ProposedFork(question=question.text, options=options, recommended=recommended, why=why)


def _as_forks(found: Sequence[OpenQuestion]) -> list[DesignFork]:
    """Vision questions as ledger forks numbered 1…n, to read guidance against them."""
    return [
        DesignFork(
            number=n,
            question=q.text,
            options=tuple((o.letter, o.text) for o in q.options),
            recommended=q.recommended,
        )
        for n, q in enumerate(found, start=1)
    ]


def _askable(found: Sequence[OpenQuestion]) -> list[OpenQuestion]:
    return [q for q in found if len(q.options) >= 2]


# ---------------------------------------------------------------- answers


def answers(inputs: PlannerInputs) -> AnswerRound:
    vision = parse_vision(inputs.vision.body)
    ledger = inputs.ledger
    picks: dict[int, tuple[str, HumanComment]] = {}
    unread: list[HumanComment] = []
    for comment in inputs.new_comments:
        found = read_answer(comment.body, ledger.open_forks)
        picks.update({number: (letter, comment) for number, letter in found.items()})
        if not found:
            unread.append(comment)
    interpretations = [_interpret(ledger, number, *picks[number]) for number in sorted(picks)]
    chosen = {f.number: f.answer.option for f in ledger.forks if f.answer and f.answer.option}
    chosen.update({number: letter for number, (letter, _) in picks.items()})
    follow_ups = follow_up_questions(vision, ledger, chosen)
    return AnswerRound(
        interpretations=interpretations,
        follow_ups=[to_fork(q) for q in follow_ups],
        reply=_reply(ledger, picks, unread, bool(follow_ups)),
    )


def _interpret(ledger: Ledger, number: int, letter: str, comment: HumanComment) -> Interpretation:
    fork = ledger.get(number)
    text = fork.option_text(letter) if fork else ""
    summary = f"{letter}) {text} — read from @{comment.author}: “{one_line(comment.body, 160)}”"
    return Interpretation(question=number, option=letter, summary=summary, comment_id=comment.id)


def follow_up_questions(
    vision: StructuredVision, ledger: Ledger, chosen: dict[int, str]
) -> list[OpenQuestion]:
    """Follow-ups of the chosen options first, then the vision's questions not asked yet."""
    asked = {normalize(f.question) for f in ledger.forks}
    by_text = {normalize(q.text): q for q in _all_questions(vision.questions)}
    found: list[OpenQuestion] = []
    for number in sorted(chosen):
        fork = ledger.get(number)
        question = by_text.get(normalize(fork.question)) if fork else None
        option = (
            next((o for o in question.options if o.letter == chosen[number]), None)
            if question
            else None
        )
        if option and option.follow_up:
            found.append(option.follow_up)
    found += vision.questions
    fresh: dict[str, OpenQuestion] = {}
    for question in _askable(found):
        key = normalize(question.text)
        if key not in asked and key not in fresh:
            fresh[key] = question
    return list(fresh.values())[:MAX_FORKS]


def _all_questions(found: Sequence[OpenQuestion]) -> list[OpenQuestion]:
    flat: list[OpenQuestion] = []
    for question in found:
        flat.append(question)
        flat += _all_questions([o.follow_up for o in question.options if o.follow_up])
    return flat


def _reply(
    ledger: Ledger,
    picks: dict[int, tuple[str, HumanComment]],
    unread: Sequence[HumanComment],
    follow_ups: bool,
) -> str:
    parts = [
        f"Read @{comment.author}'s comment as Q{number}: {letter}."
        for number, (letter, comment) in sorted(picks.items())
    ]
    still_open = [f for f in ledger.open_forks if f.number not in picks]
    if unread:
        who = ", ".join(dict.fromkeys(f"@{c.author}" for c in unread))
        parts.append(
            f"I could not read an answer in the comment of {who}: the offline planner "
            "understands option names and letters only."
        )
        if still_open:
            parts.append(
                "Please answer as `Q<n>: <letter>`, one per line:\n"
                + "\n".join(_open_line(f) for f in still_open)
            )
    elif still_open:
        parts.append("Still open:\n" + "\n".join(_open_line(f) for f in still_open))
    if follow_ups:
        parts.append("Follow-up questions come next.")
    return "\n\n".join(parts)


def _open_line(fork: DesignFork) -> str:
    options = ", ".join(f"{letter}) {one_line(text, 60)}" for letter, text in fork.options)
    return f"- Q{fork.number}: {one_line(fork.question, 120)} — {options}"


# ---------------------------------------------------------------- reading free text

_LETTER_PICK = re.compile(
    r"(?i:\boption)\s+\(?([A-Za-z])\)?(?![\w'])"
    r"|(?i:\b(?:go(?:ing)?\s+with|pick|choose|prefer|take|vote\s+for|let'?s\s+do))"
    r"\s+\(?([A-Z])\)?(?![\w'])"
)
_QUESTION_REF = re.compile(r"\b(?:q|question\s*#?)\s*(\d{1,4})\b", re.IGNORECASE)
_ARTICLES = frozenset({"a", "an", "the"})
_NEGATIONS = frozenset(
    {
        "not",
        "no",
        "never",
        "without",
        "instead of",
        "rather than",
        "than",
        "over",
        "against",
        "not really",
    }
)


def read_answer(text: str, forks: Sequence[DesignFork]) -> dict[int, str]:
    """Fork number → letter, for each fork that free text answers unambiguously.

    Two readings: a letter ("option B", "go with B") for the one question the
    text names (`Q2`, "question 2") or the only open one; and an option's text
    (or its short name, before a parenthesis, dash or comma) said without a
    negation ("not SQLite", "rather than SQLite"). Conflicting readings of one
    fork cancel out: the human is asked again rather than misread.
    """
    text = clean_text(text)[:20_000]
    readings: dict[int, set[str]] = {}
    letters = {(m.group(1) or m.group(2)).upper() for m in _LETTER_PICK.finditer(text)}
    if len(letters) == 1:
        refs = {int(n) for n in _QUESTION_REF.findall(text)} & {f.number for f in forks}
        targets = [f for f in forks if f.number in refs] if refs else list(forks)
        if len(targets) == 1 and next(iter(letters)) in targets[0].letters:
            readings.setdefault(targets[0].number, set()).update(letters)
    said = f" {normalize(text)} "
    for fork in forks:
        named = _named_option(said, fork)
        if named:
            readings.setdefault(fork.number, set()).add(named)
    return {n: next(iter(found)) for n, found in readings.items() if len(found) == 1}


def _named_option(said: str, fork: DesignFork) -> str | None:
    matches: dict[str, str] = {}  # letter → the longest of its names that the text says
    for letter, text in fork.options:
        for name in _option_names(text):
            if len(name) > len(matches.get(letter, "")) and _said_positively(said, name):
                matches[letter] = name
    if not matches:
        return None
    letter, name = max(matches.items(), key=lambda kv: len(kv[1]))
    # "desktop notifications from a job" beats an option called "desktop notifications".
    others = [n for other, n in matches.items() if other != letter]
    return letter if all(len(n) < len(name) and n in name for n in others) else None


def _option_names(text: str) -> set[str]:
    short = re.split(r"\s\(|\s[—–-]+\s|[,:;]\s", text, maxsplit=1)[0]
    return {n for n in (normalize(text), normalize(short)) if len(n) >= 3}


def _said_positively(said: str, name: str) -> bool:
    needle = f" {name} "
    start = said.find(needle)
    while start != -1:
        before = [w for w in said[max(0, start - 60) : start].split()][-4:]
        while before and before[-1] in _ARTICLES:
            before.pop()
        tail = {" ".join(before[-k:]) for k in (1, 2) if len(before) >= k}
        if not tail & _NEGATIONS:
            return True
        start = said.find(needle, start + 1)
    return False


# ---------------------------------------------------------------- filing


def file(inputs: PlannerInputs) -> SubIssuePlan:
    vision = parse_vision(inputs.vision.body)
    items = vision.open_items[:MAX_ITEMS]
    deps, _ = resolve_dependencies(items)
    decided = [f for f in inputs.ledger.forks if f.status is ForkStatus.RESOLVED and f.answer]
    common = _common_words(items)
    plan = [
        _sub_issue(inputs, vision, item, deps=deps.get(item.id, ()), decided=decided, common=common)
        for item in items
    ]
    return SubIssuePlan(sub_issues=plan)


def _sub_issue(
    inputs: PlannerInputs,
    vision: StructuredVision,
    item: ChecklistItem,
    *,
    deps: tuple[str, ...],
    decided: Sequence[DesignFork],
    common: frozenset[str],
) -> SubIssue:
    words = keywords(item.text)
    relevant = [f for f in decided if words & _fork_words(f, common)]
    used = relevant or list(decided)
    solution = [f"{item.text}."]
    if used:
        head = (
            "Decided in the design conversation:"
            if relevant
            else "Decisions of this sprint (none names this task's words, so all are listed):"
        )
        solution.append(head + "\n" + "\n".join(_decision_line(f) for f in used))
    if vision.out_of_scope:
        solution.append(_out_of_scope(vision))
    shared = [one_line(a, 300) for a in vision.acceptance[:4]]
    return SubIssue(
        id=item.id,
        title=clip(item.text, 120),
        kind=kind_of(item.text),
        problem=_problem(inputs, vision, item),
        proposed_solution="\n\n".join(solution),
        affected_files=list(item.files[:3]),
        acceptance_criteria=[*shared, f"{clip(item.text, 200)} works as described"],
        depends_on=list(deps),
        shaped_by=[f.number for f in used],
    )


def _problem(inputs: PlannerInputs, vision: StructuredVision, item: ChecklistItem) -> str:
    goal = clip(vision.goal, 600) or inputs.vision.title
    parts = [f"Vision #{inputs.vision.number} ({inputs.vision.title}) asks for: {goal}"]
    if vision.why:
        parts.append(f"Why: {clip(vision.why, 400)}")
    parts.append(f"This issue covers one part of it: {item.text}.")
    return "\n\n".join(parts)


def _fork_words(fork: DesignFork, common: frozenset[str]) -> frozenset[str]:
    """The words a decision is about: its question's, and its answer's unless common."""
    answer = fork.answer
    chosen = fork.option_text(answer.option) if answer and answer.option else ""
    said = keywords(f"{chosen} {answer.text if answer else ''}")
    return keywords(fork.question) | (said - common)


def _common_words(items: Sequence[ChecklistItem]) -> frozenset[str]:
    """Words in most tasks ("todo" in a todo app) say nothing about which task a decision shapes."""
    if len(items) < 3:
        return frozenset()
    counts: dict[str, int] = {}
    for item in items:
        for word in keywords(item.text):
            counts[word] = counts.get(word, 0) + 1
    return frozenset(w for w, n in counts.items() if n * 2 > len(items))


def _decision_line(fork: DesignFork) -> str:
    answer = fork.answer
    if answer is None:
        return f"- Q{fork.number}: {one_line(fork.question, 120)}"
    if not answer.option:
        return f"- Q{fork.number}: {one_line(fork.question, 120)} → {one_line(answer.text, 200)}"
    decision = f"{answer.option}) {one_line(fork.option_text(answer.option), 120)}"
    # "B — because …", "B) blue", "B because …": the letter is shown already ("A cron …" stays).
    letter = re.escape(answer.option)
    lead = rf"^\s*{letter}(?:\s*[).:—–-]+\s*|\s+(?=(?:because|since|as)\b)|\s*$)"
    extra = re.sub(lead, "", answer.text, flags=re.IGNORECASE).strip()
    option = fork.option_text(answer.option)
    if option and extra.lower().startswith(option.lower()):
        extra = extra[len(option) :].lstrip(" —–-:;,.")
    if extra:
        decision += f" — {one_line(extra, 200)}"
    by = f" (@{answer.by})" if answer.by and f"@{answer.by}" not in extra else ""
    return f"- Q{fork.number}: {one_line(fork.question, 120)} → {decision}{by}"


_KINDS = {
    "fix": "fix",
    "fixes": "fix",
    "bug": "fix",
    "bugfix": "fix",
    "docs": "docs",
    "doc": "docs",
    "document": "docs",
    "documentation": "docs",
    "test": "test",
    "tests": "test",
    "testing": "test",
    "refactor": "refactor",
    "refactoring": "refactor",
    "chore": "chore",
}


def kind_of(text: str) -> str:
    first = re.match(r"[a-z]+", text.strip().lower())
    return _KINDS.get(first.group(0), "feature") if first else "feature"


# ---------------------------------------------------------------- dependencies


def resolve_dependencies(
    items: Sequence[ChecklistItem],
) -> tuple[dict[str, tuple[str, ...]], list[tuple[str, str]]]:
    """`after:` references as ids of open items, and the (item, ref) pairs naming none."""
    by_key: dict[str, str] = {}
    for item in items:
        for key in (item.id, slugify(item.text), normalize(item.text)):
            by_key.setdefault(key, item.id)
    texts = [(f" {normalize(i.text)} ", i.id) for i in items]
    deps: dict[str, tuple[str, ...]] = {}
    unresolved: list[tuple[str, str]] = []
    for item in items:
        found: list[str] = []
        for ref in item.after:
            target = by_key.get(ref) or by_key.get(slugify(ref)) or by_key.get(normalize(ref))
            if target is None and normalize(ref):
                partial = [i for t, i in texts if f" {normalize(ref)} " in t]
                target = partial[0] if len(partial) == 1 else None
            if target is None:
                unresolved.append((item.text, ref))
            elif target != item.id and target not in found:
                found.append(target)
        deps[item.id] = tuple(found)
    return deps, unresolved


def longest_chain(deps: dict[str, tuple[str, ...]]) -> list[str]:
    """The longest path of `depends on` links, first task first (cycles cut)."""
    best: dict[str, list[str]] = {}

    def walk(node: str, seen: frozenset[str]) -> list[str]:
        if node in best:
            return best[node]
        chains = [walk(d, seen | {node}) for d in deps.get(node, ()) if d not in seen]
        longest = max(chains, key=len, default=[])
        best[node] = [*longest, node]
        return best[node]

    return max((walk(node, frozenset()) for node in sorted(deps)), key=len, default=[])


def find_cycle(deps: dict[str, tuple[str, ...]]) -> list[str]:
    """One dependency cycle as a closed path (a, b, a), or [] when there is none."""
    state: dict[str, int] = {}  # 1 = on the current path, 2 = done
    path: list[str] = []

    def visit(node: str) -> list[str]:
        state[node] = 1
        path.append(node)
        for dep in deps.get(node, ()):
            if state.get(dep) == 1:
                return [*path[path.index(dep) :], dep]
            if dep not in state and (cycle := visit(dep)):
                return cycle
        state[node] = 2
        path.pop()
        return []

    for node in sorted(deps):
        if node not in state and (cycle := visit(node)):
            return cycle
    return []


# ---------------------------------------------------------------- lessons digest


def digest(inputs: PlannerInputs) -> LessonsDigest:
    reasons: dict[str, str] = {}  # normalised reason → its bullet, oldest first
    found = [(line, "") for line in _lesson_lines(inputs.context.lessons)]
    found += [_reason(entry) for entry in inputs.journal_entries]
    for reason, vision in found:
        if reason and normalize(reason) not in reasons:
            reasons[normalize(reason)] = (
                f"- {reason} (vision {vision})" if vision else f"- {reason}"
            )
    head = "# Lessons learned\n\nWhy past sprint pitches were rejected (oldest first):\n\n"
    lines = list(reasons.values())
    while lines and len((head + "\n".join(lines) + "\n").encode()) > LESSONS_MAX_BYTES:
        lines.pop(0)  # the oldest lessons give way to the newest
    return LessonsDigest(lessons=head + "\n".join(lines) + "\n" if lines else head.rstrip() + "\n")


def _lesson_lines(lessons: str) -> list[str]:
    lines = [line.strip() for line in clean_text(lessons).split("\n")]
    return [one_line(line[2:], 300) for line in lines if line[:2] in ("- ", "* ")]


def _reason(entry: str) -> tuple[str, str]:
    """(reason, vision) of a journal entry (`JournalEntry.markdown`); "" for no rejection."""
    lines = clean_text(entry).split("\n")
    meta = {
        m.group(1).lower(): m.group(2).strip()
        for line in lines
        if (m := re.match(r"\s*-\s*(Vision|Outcome|Date):\s*(.*)", line))
    }
    if meta.get("outcome", "rejected").lower() != "rejected":
        return "", ""
    body = [
        line
        for line in lines
        if line.strip()
        and not line.startswith("#")
        and not re.match(r"\s*-\s*(Vision|Outcome|Date):", line)
    ]
    reason = re.sub(r"^\s*REJECT:\s*", "", " ".join(body), flags=re.IGNORECASE)
    reason = one_line(reason, 300)
    return reason, one_line(meta.get("vision", ""), 80)


# ---------------------------------------------------------------- small text helpers


def _sentence(text: str) -> str:
    text = text.strip()
    text = text[:1].upper() + text[1:]
    return text + "." if text and text[-1] not in ".!?" else text


def clip(text: str, limit: int) -> str:
    text = text.strip()
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    return (cut.rsplit(" ", 1)[0] if " " in cut[limit // 2 :] else cut) + "…"


def bullets(lines: Sequence[str], *, limit: int) -> str:
    shown = [f"- {one_line(line, 300)}" for line in lines[:limit]]
    if len(lines) > limit:
        shown.append(f"- … and {len(lines) - limit} more")
    return "\n".join(shown)


def plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


_MODES: dict[Mode, Callable[[PlannerInputs], BaseModel]] = {
    Mode.PITCH: pitch,
    Mode.REVISE: revise,
    Mode.QUESTIONS: questions,
    Mode.ANSWERS: answers,
    Mode.FILE: file,
    Mode.DIGEST: digest,
}
