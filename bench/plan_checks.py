"""The deterministic checks of bench/plan_quality.py: what a played sprint produced, scored.

Pure: a `Sprint` holds what the forge showed after the sprint (the pitch in
the PR body, the filed sub-issues) and what the model answered (the forks it
proposed, the plan); `score` returns one `Check` per rule, each with the
reason it failed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from pathlib import Path

from architect.core.filing import find_cycle
from architect.core.schemas import ProposedFork, SubIssue

PITCH_SECTIONS = (
    "## Vision issues",
    "## What this enables",
    "## What exists today",
    "## Complexity",
    "## Risks",
    "## Cost — new infra to maintain",
    "## Recommendation",
)
NEAR_DUPLICATE = 0.85  # titles this alike (difflib ratio, case folded) name the same work


@dataclass(frozen=True)
class FiledIssue:
    number: int
    title: str
    body: str


@dataclass(frozen=True)
class Sprint:
    pitch: str  # the PR body
    forks: tuple[ProposedFork, ...]  # every fork the model proposed, in question order
    plan: tuple[SubIssue, ...]  # the plan that was filed
    filed: tuple[FiledIssue, ...]  # the sub-issues on the forge
    repo: Path  # the sample checkout, where affected files must exist
    max_sub_issues: int
    merged: bool = False


@dataclass(frozen=True)
class Check:
    name: str
    ok: bool
    why: str = ""


@dataclass(frozen=True)
class Score:
    checks: tuple[Check, ...] = field(default_factory=tuple)

    @property
    def passed(self) -> int:
        return sum(c.ok for c in self.checks)

    @property
    def failed(self) -> tuple[Check, ...]:
        return tuple(c for c in self.checks if not c.ok)


def score(sprint: Sprint) -> Score:
    return Score((
        _pitch_sections(sprint),
        _forks_well_formed(sprint.forks),
        _filed(sprint),
        _criteria(sprint.filed),
        _files_exist(sprint.plan, sprint.repo),
        _acyclic(sprint.plan),
        _within_limit(sprint),
        _decisions_reflected(sprint),
        _distinct_titles(sprint.plan),
    ))


def _pitch_sections(sprint: Sprint) -> Check:
    missing = [s for s in PITCH_SECTIONS if s not in sprint.pitch]
    return Check("pitch sections", not missing, "missing " + ", ".join(missing) if missing else "")


def _forks_well_formed(forks: Sequence[ProposedFork]) -> Check:
    bad = []
    for number, fork in enumerate(forks, 1):
        letters = [o.letter for o in fork.options]
        if not 2 <= len(letters) <= 4:
            bad.append(f"Q{number} has {len(letters)} options")
        if len(set(letters)) != len(letters):
            bad.append(f"Q{number} repeats a letter")
        if fork.recommended not in letters:
            bad.append(f"Q{number} recommends {fork.recommended}, not an option")
    return Check("forks: 2-4 options, a recommendation", not bad, "; ".join(bad))


def _filed(sprint: Sprint) -> Check:
    ok = bool(sprint.filed) and sprint.merged
    why = "" if ok else ("nothing filed" if not sprint.filed else "the sprint PR is not merged")
    return Check("filed and merged", ok, why)


def _criteria(filed: Sequence[FiledIssue]) -> Check:
    bare = [f"#{i.number}" for i in filed if not _section_items(i.body, "Acceptance criteria")]
    return Check("acceptance criteria", bool(filed) and not bare,
                 "none in " + ", ".join(bare) if bare else "")


def _files_exist(plan: Sequence[SubIssue], repo: Path) -> Check:
    """Every affected file is in the sample repo, or is new in one of its folders.

    The rules let a sub-issue name the file it creates; a path whose folder does
    not exist either is invented (a layout the project does not have).
    """
    named = {f.strip().strip("`") for sub in plan for f in sub.affected_files}
    unknown = sorted(f for f in named if not (repo / f).exists()
                     and not (repo / f).parent.is_dir())
    return Check("affected files exist", not unknown, "not in the repo: " + ", ".join(unknown)
                 if unknown else "")


def _acyclic(plan: Sequence[SubIssue]) -> Check:
    cycle = find_cycle(plan)
    return Check("dependencies acyclic", not cycle, " → ".join(cycle))


def _within_limit(sprint: Sprint) -> Check:
    count = len(sprint.plan)
    ok = 0 < count <= sprint.max_sub_issues
    return Check("at most max_sub_issues", ok, "" if ok else
                 f"{count} sub-issues, limit {sprint.max_sub_issues}")


def _decisions_reflected(sprint: Sprint) -> Check:
    """Each fork is stated in the Design decisions of at least one filed sub-issue."""
    stated = {int(n) for issue in sprint.filed
              for line in _section_items(issue.body, "Design decisions")
              for n in re.findall(r"^Q(\d+):", line)}
    missing = [f"Q{n}" for n in range(1, len(sprint.forks) + 1) if n not in stated]
    return Check("each decision in a sub-issue", not missing,
                 "not stated: " + ", ".join(missing) if missing else "")


def _distinct_titles(plan: Sequence[SubIssue]) -> Check:
    titles = [s.title.casefold().strip() for s in plan]
    alike = [f"{a!r} ~ {b!r}" for i, a in enumerate(titles) for b in titles[i + 1:]
             if SequenceMatcher(None, a, b).ratio() >= NEAR_DUPLICATE]
    return Check("no near-duplicate titles", not alike, "; ".join(alike))


def _section_items(body: str, heading: str) -> list[str]:
    """The bullet items under `## heading`, without their `- ` or `- [ ] `."""
    match = re.search(rf"^## {re.escape(heading)}\n(.*?)(?=^## |\Z)", body, re.M | re.S)
    if match is None:
        return []
    items = [line[2:].strip() for line in match.group(1).splitlines() if line.startswith("- ")]
    return [re.sub(r"^\[[ x]\]\s*", "", item) for item in items if item]
