"""The pitch's Risks and Cost sections: what could go wrong, what new infra it adds."""

from __future__ import annotations

import re
from collections.abc import Sequence

from architect.core.inputs import PlannerInputs
from architect.core.schemas import MAX_FORKS
from architect.core.text import keywords, one_line, visible_text
from architect.runners.offline.common import (
    MAX_ITEMS,
    RAISED,
    askable,
    bullets,
    plural,
    vision_keywords,
)
from architect.runners.offline.dependencies import find_cycle
from architect.runners.offline.vision import StructuredVision


def risks(
    inputs: PlannerInputs,
    vision: StructuredVision,
    deps: dict[str, tuple[str, ...]],
    unresolved: list[tuple[str, str]],
    review_notes: Sequence[str],
) -> str:
    # The review's points first: they are read back at filing, so the cap must not cut them.
    found = [f"{RAISED}{note}" for note in review_notes]
    found += [one_line(r, 300) for r in vision.risks[:10]]
    to_ask = askable(vision.questions)
    if to_ask:
        found.append(
            f"The design waits on {plural(len(to_ask), 'open question')}; "
            "the design phase settles them before anything is filed."
        )
    mute = [q.text for q in vision.questions if len(q.options) < 2]
    if mute:
        one = len(mute) == 1
        found.append(
            ("A question without lettered options cannot be asked: " if one
             else "Questions without lettered options cannot be asked: ")
            + "; ".join(f"“{one_line(q, 100)}”" for q in mute[:5])
            + f" — add `- A) …` lines under {'it' if one else 'them'}."
        )
    vague = [i for i in vision.open_items if not i.files]
    if len(vague) == 1:
        found.append("1 task names no file; its size is a guess.")
    elif vague:
        found.append(f"{len(vague)} tasks name no files; their size is a guess.")
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
    found += _lessons_touching(inputs.context.lessons, vision_keywords(inputs, vision))
    if not found:
        return "None listed in the vision, and none found in its structure."
    return bullets(found, limit=25)


def _lessons_touching(lessons: str, topics: frozenset[str]) -> list[str]:
    lines = [line.strip().lstrip("-*+ ").strip() for line in visible_text(lessons).split("\n")]
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


def cost(vision: StructuredVision, ruled_out: Sequence[str] = ()) -> str:
    """The infra the vision points to, but for the kinds a review ruled out."""
    where = [
        (item.text, f"in: {one_line(item.text, 100)}") for item in vision.open_items[:MAX_ITEMS]
    ]
    where.append((f"{vision.goal[:5000]} {vision.why[:5000]}", "in the goal"))
    lines: dict[str, str] = {}  # one line per kind of infra, where it shows first
    for text, place in where:
        for kind, word in spot_infra(text):
            if kind not in ruled_out:
                lines.setdefault(kind, f"- {kind} (“{word}” {place})")
    choices = [
        f"- {kind}, if “{one_line(question.text, 80)}” is answered "
        f"{option.letter}) {one_line(option.text, 60)}"
        for question in askable(vision.questions)[:MAX_FORKS]
        for option in question.options
        for kind, _ in spot_infra(option.text)
        if kind not in ruled_out
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
