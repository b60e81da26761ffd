"""Forge objects as plain pydantic data, parsed from Forgejo/Gitea JSON.

Only the fields the architect reads are declared; everything else the forge
sends is ignored, so a newer server with more keys parses unchanged. These
models never fetch anything: they are values.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any, Generic, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, field_validator


class ForgeModel(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class User(ForgeModel):
    id: int
    login: str
    full_name: str = ""
    is_admin: bool = False


class Label(ForgeModel):
    id: int
    name: str
    color: str = ""
    description: str = ""


class PullRequestMeta(ForgeModel):
    """The `pull_request` stub of an issue-list entry that is really a PR."""

    merged: bool = False
    merged_at: datetime | None = None
    html_url: str = ""


class Issue(ForgeModel):
    id: int
    number: int
    title: str
    body: str = ""
    state: str
    user: User
    labels: list[Label] = Field(default_factory=list)
    comments: int = 0
    created_at: datetime
    updated_at: datetime
    closed_at: datetime | None = None
    html_url: str = ""
    pull_request: PullRequestMeta | None = None
    assignees: list[User] = Field(default_factory=list)

    @field_validator("assignees", mode="before")
    @classmethod
    def _no_assignees(cls, value: object) -> object:
        return [] if value is None else value  # Forgejo writes null for none

    @property
    def is_pull(self) -> bool:
        return self.pull_request is not None

    @property
    def label_names(self) -> frozenset[str]:
        return frozenset(label.name for label in self.labels)


class Comment(ForgeModel):
    id: int
    body: str = ""
    user: User
    created_at: datetime
    updated_at: datetime
    html_url: str = ""


class TimelineEvent(ForgeModel):
    """One entry of an issue's timeline: who closed (`close`), reopened or merged it."""

    id: int
    type: str = ""
    user: User | None = None
    created_at: datetime


class BranchRef(ForgeModel):
    """`PRBranchInfo`: one side of a pull request."""

    label: str = ""
    ref: str
    sha: str = ""


class PullRequest(ForgeModel):
    id: int
    number: int
    title: str
    body: str = ""
    state: str
    user: User
    head: BranchRef
    base: BranchRef
    labels: list[Label] = Field(default_factory=list)
    merged: bool = False
    merged_at: datetime | None = None
    merged_by: User | None = None
    created_at: datetime
    updated_at: datetime
    closed_at: datetime | None = None
    html_url: str = ""
    mergeable: bool = False


class ReviewState(StrEnum):
    APPROVED = "APPROVED"
    REQUEST_CHANGES = "REQUEST_CHANGES"
    COMMENT = "COMMENT"
    PENDING = "PENDING"
    REQUEST_REVIEW = "REQUEST_REVIEW"
    UNKNOWN = ""


class Review(ForgeModel):
    id: int
    user: User | None = None  # None for a team review request
    state: ReviewState
    body: str = ""
    commit_id: str = ""
    dismissed: bool = False
    stale: bool = False
    official: bool = False
    submitted_at: datetime | None = None
    html_url: str = ""


class Branch(ForgeModel):
    name: str
    commit: dict[str, Any] | None = None  # Forgejo names its head commit `id`, GitHub `sha`

    @property
    def head(self) -> str:
        commit = self.commit or {}
        return str(commit.get("id") or commit.get("sha") or "")


class FileContent(ForgeModel):
    """A file read through the contents API, its base64 already decoded."""

    path: str
    sha: str
    text: str


class Permission(StrEnum):
    NONE = "none"
    READ = "read"
    WRITE = "write"
    ADMIN = "admin"
    OWNER = "owner"

    @property
    def can_write(self) -> bool:
        return self in (Permission.WRITE, Permission.ADMIN, Permission.OWNER)


class Hook(ForgeModel):
    id: int
    type: str
    active: bool
    events: list[str] = Field(default_factory=list)
    config: dict[str, str] = Field(default_factory=dict)


class Repository(ForgeModel):
    id: int
    name: str
    full_name: str
    default_branch: str = "main"
    private: bool = False
    empty: bool = False  # no commit yet: no branch, and branch or file writes answer 404


@dataclass(frozen=True)
class FileChange:
    """One file of a multi-file commit (`POST /repos/{o}/{r}/contents`)."""

    operation: Literal["create", "update", "delete"]
    path: str
    text: str | None = None
    sha: str | None = None  # the blob sha, for update and delete
    from_path: str | None = None  # update with from_path = a move


T = TypeVar("T")


@dataclass(frozen=True)
class Page(Generic[T]):
    """One page of a list: `total` counts every match, `server_time` is the forge's clock
    (its `Date` header, whole seconds) when it answered; None if it sent none."""

    items: list[T]
    total: int
    server_time: datetime | None
