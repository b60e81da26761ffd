"""What every step works with: the forge clients, the model, the project, the snapshot."""

from __future__ import annotations

import logging
from collections.abc import Callable
from contextlib import suppress
from dataclasses import dataclass, field, replace
from typing import TypeVar

from pydantic import BaseModel

from architect.config import ProjectConfig
from architect.core import render
from architect.core.facts import VisionHistory
from architect.core.inputs import PlannerInputs, VisionInput
from architect.core.ledger import Ledger
from architect.core.markers import SourceMark, StoryMark
from architect.core.sections import own_sections
from architect.core.snapshot import Snapshot
from architect.core.sprint import branch_for
from architect.core.view import Brief, SprintPR
from architect.errors import ForgeNotFound
from architect.forge.models import Comment, Issue, Label
from architect.forge.protocol import Forge
from architect.runners.base import Mode
from architect.shell import writes
from architect.shell.asking import Asker
from architect.shell.cited import CitedReader
from architect.shell.context import TickContext, paths_in
from architect.shell.journal import JournalEntry
from architect.shell.section_writes import (
    WrittenFiles,
    ensure_body_sections,
    ensure_file_edit,
    sections_edit,
)

M = TypeVar("M", bound=BaseModel)
log = logging.getLogger("architect")


@dataclass
class Hands:
    """The tick's means, handed to each step.

    `forge` writes the ops repo as the architect; `filer` writes the project repo
    (FORGE_FILER_TOKEN, or the same client). In a dry run both are `DryForge`s and
    `live` is False: the journal and the model sessions stay as they are.
    """

    forge: Forge
    filer: Forge
    filer_login: str
    asker: Asker
    config: ProjectConfig
    context: TickContext
    snapshot: Snapshot
    # The project repo's labels, shared with the preconditions so a tick reads them once.
    labels: Callable[[], list[Label]]
    live: bool = True
    wait: writes.Wait | None = None  # pauses between merge attempts; None: one a tick
    journaled: bool = False  # a step recorded a journal entry: time to digest?
    planned: set[int] = field(default_factory=set)  # sprint PRs whose plan this tick posted
    # Answers this tick wrote on visions (a ticked "pitch again"), by vision: the pitch that
    # follows says its news in the same comment, one note for one event.
    answered: dict[int, Comment] = field(default_factory=dict)
    # The visions came from the cursor (`core.cursor.carried_visions`); `stale`: one of them
    # is gone, so the cursor must not carry them to the next read.
    carried: bool = False
    stale: bool = False
    _closed_visions: dict[int, Issue] = field(default_factory=dict)
    _written_files: WrittenFiles = field(default_factory=dict)

    @property
    def written_files(self) -> WrittenFiles | None:
        """The sprint files this tick wrote, as written; None in a dry run, whose writes
        are only shown."""
        return self._written_files if self.live else None

    @property
    def bot(self) -> str:
        return self.snapshot.bot.login

    @property
    def ops(self) -> str:
        return self.config.ops_repo

    def vision(self, number: int) -> Issue:
        """From the snapshot, or (a closed vision) read once for the whole tick."""
        found = self.snapshot.vision(number) or self._closed_visions.get(number)
        if found is None:
            found = self._closed_visions[number] = self.forge.get_issue(self.config.repo, number)
        return found

    def still_there(self, number: int) -> bool:
        """Whether a vision the cursor carried still exists. Deleting an issue (or moving it
        away) moves nothing a look sees: before a pitch asks the model and opens a PR for a
        carried vision, one read makes sure of it."""
        if not self.carried:
            return True
        try:
            self.filer.get_issue(self.config.repo, number)
        except ForgeNotFound:
            self.stale = True
            log.warning("vision #%d is gone (deleted or moved since the visions were last "
                        "listed): not pitched; the next tick lists the visions afresh", number)
            return False
        return True

    def planned_here(self, pr_number: int) -> bool:
        """Whether this tick posted the sprint's plan (`planned`). Then no earlier tick can
        have finished its filing, and what only the finish writes (the vision's "filed"
        note, the journal entry) needs no look for an earlier copy."""
        return pr_number in self.planned

    def source(self, vision: Issue) -> SourceMark:
        """What a pitch built from `vision` now is built from: the vision, the files it
        names that exist, the issues it names (`core.source`)."""
        return CitedReader(self.forge, self.config).source(
            vision.title, vision.body, self.context.existing(paths_in(vision.body)),
            vision.number)

    def history(self, number: int) -> VisionHistory | None:
        """What the snapshot read of a vision it weighed for a pitch (None: it did not)."""
        return next((h for h in self.snapshot.candidates if h.vision.number == number), None)

    def ask(self, mode: Mode, schema: type[M], inputs: PlannerInputs, *,
            session_key: str | None = None) -> M:
        return self.asker.ask(mode, schema, inputs, session_key=session_key)

    def inputs(self, vision: Issue, sprint: tuple[int, Brief] | None = None,
               **extra: object) -> PlannerInputs:
        """The model's input: the vision, the project, and (on a sprint PR) its brief."""
        fields: dict[str, object] = {
            "project": self.config.name,
            "vision": VisionInput(vision.number, vision.title, vision.body, vision.html_url),
            # The files the vision names, as they are: a plan cites only what exists.
            "context": replace(self.context.project,
                               files=self.context.existing(paths_in(vision.body))),
            "max_sub_issues": self.config.architect.max_sub_issues,
        }
        if sprint is not None:
            number, brief = sprint
            fields |= {"pr_number": number, "pitch_markdown": brief.pitch,
                       "guidance": brief.guidance}
            if brief.ledger is not None:
                fields["ledger"] = brief.ledger
        fields.update(extra)
        return PlannerInputs(**fields)  # type: ignore[arg-type]

    def tell_vision(self, number: int, text: str, mark: StoryMark, *,
                    first: bool = False) -> None:
        """One comment on the vision per event of its sprint (by the filer: project repo).
        `first`: no earlier tick can have written it (`planned_here`): nothing to look up."""
        with suppress(ForgeNotFound):  # a vision deleted meanwhile hears nothing
            writes.ensure_comment(self.filer, self.config.repo, number, text,
                                  bot_login=self.filer_login, mark=mark,
                                  existing=() if first else None)

    def journal(self, entry: JournalEntry, lesson: str = "", *, first: bool = False) -> None:
        """The sprint's story ends: record it (and the lesson), drop its model session.
        Not in a dry run. `first` as for `tell_vision`."""
        if not self.live:
            return
        self.journaled |= self.context.journal.record(entry, first=first)
        if lesson:
            self.context.journal.add_lesson(lesson)
        self.asker.drop_session(session_key(entry.pr_number))

    def sync(self, sprint: SprintPR, slug: str, ledger: Ledger | None,
             filed: tuple[int, ...]) -> str:
        """Bring the sprint file, then the PR body, in line with the trusted ledger."""
        sections = own_sections(ledger, filed, repo=self.config.repo)

        def whole() -> str:
            vision = self.vision(sprint.vision_number)
            return render.sprint_file(vision.title, vision.number,
                                      render.pitch_part(sprint.pr.body), ledger, filed,
                                      repo=self.config.repo)

        ensure_file_edit(self.forge, self.ops, sprint_path(slug), sections_edit(sections, whole),
                         branch=branch_for(sprint.vision_number),
                         message=f"sprint: update {sprint_path(slug)}",
                         written=self.written_files)
        return ensure_body_sections(self.forge, self.ops, sprint.pr, sections)


def sprint_path(slug: str) -> str:
    return f"sprints/{slug}.md"


def session_key(pr_number: int) -> str:
    """One model session per sprint PR."""
    return f"pr-{pr_number}"
