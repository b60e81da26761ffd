"""What the model is told about the project, read lazily once per tick.

An idle tick calls no model, so it reads none of this: every file is fetched
on first use and kept for the rest of the tick.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cached_property
from pathlib import PurePosixPath

from architect.codemap import summarize
from architect.config import ProjectConfig
from architect.core.inputs import ProjectContext
from architect.errors import ForgeNotFound
from architect.forge.models import Repository, User
from architect.forge.protocol import Forge
from architect.shell.journal import Journal, LocalJournal, ProfileJournal

# A path a vision may name (`todo/model.py`, `README.md`): a word with a dot and an extension.
_PATH = re.compile(r"(?<![\w/.@-])((?:[\w.-]+/)*[\w-]+\.[A-Za-z][A-Za-z0-9]{0,7})(?![\w/])")


def paths_in(text: str) -> tuple[str, ...]:
    """The file paths a text names, each once, in order (at most 40: a vision, not a tree)."""
    return tuple(dict.fromkeys(m.group(1) for m in _PATH.finditer(text)))[:40]


class TickContext:
    def __init__(self, forge: Forge, config: ProjectConfig, bot: User) -> None:
        self.forge = forge
        self.config = config
        self.bot = bot
        self._folders: dict[str, frozenset[str]] = {}  # the forge's listing, per folder

    def existing(self, paths: Iterable[str]) -> tuple[str, ...]:
        """Those of `paths` that are files of the project repo: checked in `repo_root`
        when there is one, else by listing each folder once per tick."""
        root = self.config.repo_root
        if root is not None:
            return tuple(p for p in paths if (root / p).is_file())
        found = []
        for path in paths:
            folder = str(PurePosixPath(path).parent).removeprefix(".")
            if folder not in self._folders:
                self._folders[folder] = frozenset(self.forge.list_files(
                    self.config.repo, folder, ref=self.config.primary_branch))
            if path in self._folders[folder]:
                found.append(path)
        return tuple(found)

    def _read(self, repo: str, path: str, ref: str | None = None) -> str:
        found = self.forge.get_file(repo, path, ref=ref)
        return found.text if found else ""

    @cached_property
    def prerequisites(self) -> str:
        return self._read(self.config.ops_repo, "prerequisites.md", self.config.primary_branch)

    @cached_property
    def profile(self) -> Repository | None:
        """`<bot>/.profile`, when it exists (one request, then cached)."""
        try:
            return self.forge.get_repo(f"{self.bot.login}/.profile")
        except ForgeNotFound:
            return None

    @property
    def profile_repo(self) -> str | None:
        return self.profile.full_name if self.profile else None

    @cached_property
    def journal(self) -> Journal:
        if self.profile is not None:
            # Its own default branch: a .profile repo made long ago may say `master`.
            return ProfileJournal(self.forge, self.profile.full_name,
                                  self.profile.default_branch)
        return LocalJournal(self.config.project_state_dir)

    @cached_property
    def formula_override(self) -> str | None:
        repo = self.profile_repo
        if repo is None:
            return None
        found = self.forge.get_file(repo, "formula.toml")
        return found.text if found else None

    @cached_property
    def project(self) -> ProjectContext:
        code = ""
        if self.config.repo_root is not None:
            code = summarize(self.config.repo_root)
        return ProjectContext(
            vision_md=self._read(self.config.repo, "VISION.md", self.config.primary_branch),
            agents_md=self._read(self.config.repo, "AGENTS.md", self.config.primary_branch),
            prerequisites_md=self.prerequisites,
            code_summary=code,
            lessons=self.journal.lessons(),
        )
