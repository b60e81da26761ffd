"""The offline planner: a deterministic runner for structured vision issues.

It reads `request.inputs` (never the prompt text), parses the vision with
`architect.runners.offline.vision`, and answers every mode from the vision's parts: the
checklist becomes sub-issues, `## Open questions` become design forks, the
ledger's decisions shape the sub-issues. Same inputs, same answer; no model,
no network, zero usage. `architect demo` and the tests run on it, and a team
that writes structured visions can use it for real.

One module per idea:

    planner       the runner itself (`OfflinePlanner`, `from_settings`), mode → module
    pitching      pitch and revise
    risks         the pitch's Risks and Cost sections (infra spotted by keyword)
    asking        design questions: the vision's open questions as forks
    answering     an answer round: picks, follow-ups, the reply
    reading       free text read as a pick of an option
    filing        the sub-issue plan
    review        a request for changes: kept in the pitch, filed with the plan
    splitting     a checklist too large for one sprint, split into smaller visions
    dependencies  `after:` notes resolved, chained, checked for cycles
    lessons       the lessons digest
    replanning    a re-plan after filing: edits, closes and additions
    common        limits and text helpers the modes share
"""

from architect.core.schemas import MAX_FORKS
from architect.runners.offline.answering import answers, follow_up_questions
from architect.runners.offline.asking import questions, to_fork
from architect.runners.offline.common import MAX_ITEMS, bullets, clip, kind_of, plural
from architect.runners.offline.dependencies import (
    find_cycle,
    longest_chain,
    resolve_dependencies,
)
from architect.runners.offline.filing import file
from architect.runners.offline.lessons import digest
from architect.runners.offline.pitching import (
    ALL_DONE,
    NO_CHECKLIST,
    WRITTEN_OFFLINE,
    pitch,
    revise,
)
from architect.runners.offline.planner import OfflinePlanner, from_settings
from architect.runners.offline.reading import read_answer
from architect.runners.offline.risks import spot_infra

__all__ = [
    "ALL_DONE",
    "MAX_FORKS",
    "MAX_ITEMS",
    "NO_CHECKLIST",
    "WRITTEN_OFFLINE",
    "OfflinePlanner",
    "answers",
    "bullets",
    "clip",
    "digest",
    "file",
    "find_cycle",
    "follow_up_questions",
    "from_settings",
    "kind_of",
    "longest_chain",
    "pitch",
    "plural",
    "questions",
    "read_answer",
    "resolve_dependencies",
    "revise",
    "spot_infra",
    "to_fork",
]
