"""The `Forge` seam: every forge call the architect makes.

`ForgeClient` (httpx, any Forgejo or Gitea) and `GitHubClient` (github.com or
GitHub Enterprise Server) implement it. The lifecycle,
`status`, `init` and the demo take a `Forge`, never a concrete client, so a
tick runs unchanged against a real server, the embedded forge, or a test.

`repo` is always ``"owner/name"``. Every ``list_*`` method returns the whole
list: it follows the forge's pagination to the end.

Which methods read and which write is declared once, here (`READS`, `WRITES`): the
dry run sends the reads and answers the writes itself (`shell.dry_forge`), the tick's
recorder keeps the writes the render folds in (`shell.recorded`); a test keeps every
method of `Forge` in exactly one of them.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Literal, Protocol

from architect.forge.models import (
    Branch,
    Comment,
    FileChange,
    FileContent,
    Hook,
    Issue,
    Label,
    Page,
    Permission,
    PullRequest,
    Repository,
    Review,
    TimelineEvent,
    User,
)

IssueState = Literal["open", "closed", "all"]
IssueType = Literal["issues", "pulls"]


class Forge(Protocol):
    # -- identity -----------------------------------------------------------
    def current_user(self) -> User: ...

    def get_repo(self, repo: str) -> Repository: ...

    def collaborator_permission(self, repo: str, login: str) -> Permission: ...

    def get_user(self, login: str) -> User | None: ...

    def list_assignees(self, repo: str) -> list[User]:
        """The users with write access to `repo` (readable without admin rights)."""
        ...

    # -- issues ---------------------------------------------------------------
    def list_issues(
        self,
        repo: str,
        *,
        state: IssueState = "open",
        labels: Sequence[str] = (),
        type: IssueType | None = None,
        since: datetime | None = None,
        created_by: str | None = None,
        q: str | None = None,
    ) -> list[Issue]: ...

    def get_issue(self, repo: str, number: int) -> Issue: ...

    def changed_since(self, repo: str, since: datetime | None, *, limit: int) -> Page[Issue]:
        """Issues and PRs, open or closed, updated at or after `since`: one page."""
        ...

    def comments_changed_since(self, repo: str, since: datetime, *,
                               limit: int) -> Page[Comment]:
        """The repo's comments created or edited at or after `since`: one page."""
        ...

    def search_issues(self, repo: str, q: str, *, limit: int) -> list[Issue]:
        """Open issues (not PRs) the forge's issue search finds for `q`: one page, the
        best ranked first where the forge ranks (Forgejo's bleve; by date elsewhere)."""
        ...

    def create_issue(
        self, repo: str, *, title: str, body: str, label_ids: Sequence[int] = ()
    ) -> Issue: ...

    def edit_issue(
        self,
        repo: str,
        number: int,
        *,
        title: str | None = None,
        body: str | None = None,
        state: Literal["open", "closed"] | None = None,
    ) -> Issue: ...

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]: ...

    def remove_issue_label(self, repo: str, number: int, label: str) -> None: ...

    def list_labels(self, repo: str) -> list[Label]: ...

    def create_label(
        self, repo: str, *, name: str, color: str, description: str = ""
    ) -> Label: ...

    # -- comments -------------------------------------------------------------
    def list_comments(self, repo: str, number: int) -> list[Comment]: ...

    def create_comment(self, repo: str, number: int, body: str) -> Comment: ...

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment: ...

    # -- pull requests --------------------------------------------------------
    def list_pulls(
        self,
        repo: str,
        *,
        state: IssueState = "open",
        head: str | None = None,
        base: str | None = None,
    ) -> list[PullRequest]: ...

    def get_pull(self, repo: str, number: int) -> PullRequest: ...

    def recently_closed_pulls(self, repo: str, *, limit: int) -> list[PullRequest]:
        """The `limit` PRs closed (or merged) last, newest first: one page, one request."""
        ...

    def list_timeline(self, repo: str, number: int, *,
                      since: datetime | None = None) -> list[TimelineEvent]:
        """Comments and events (`close`, `reopen`, `label`…) updated since `since`."""
        ...

    def create_pull(
        self, repo: str, *, title: str, body: str, head: str, base: str
    ) -> PullRequest: ...

    def edit_pull(
        self,
        repo: str,
        number: int,
        *,
        title: str | None = None,
        body: str | None = None,
        state: Literal["open", "closed"] | None = None,
    ) -> PullRequest: ...

    def merge_pull(
        self, repo: str, number: int, *, style: str = "merge", message: str | None = None
    ) -> None: ...

    def list_reviews(self, repo: str, number: int) -> list[Review]: ...

    # -- branches and files ---------------------------------------------------
    def get_branch(self, repo: str, branch: str) -> Branch | None: ...

    def create_branch(self, repo: str, branch: str, from_ref: str) -> Branch: ...

    def delete_branch(self, repo: str, branch: str) -> None: ...

    def list_branches(self, repo: str) -> list[str]: ...

    def probe_write(self, repo: str, collection: Literal["branches", "labels"]) -> None:
        """Prove the token may write there, changing nothing (a body the forge refuses)."""
        ...

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None: ...

    def create_file(
        self, repo: str, path: str, text: str, *, branch: str, message: str
    ) -> FileContent: ...

    def update_file(
        self, repo: str, path: str, text: str, *, sha: str, branch: str, message: str
    ) -> FileContent: ...

    def list_files(self, repo: str, directory: str, *, ref: str | None = None) -> list[str]: ...

    def change_files(
        self, repo: str, changes: Sequence[FileChange], *, branch: str, message: str
    ) -> None: ...

    # -- sub-issues, dependencies and hooks ------------------------------------
    def link_sub_issue(self, repo: str, parent: int, child: int) -> None:
        """Attach #`child` under #`parent` where the forge has sub-issues (GitHub); a no-op
        where only the child's "Decomposed from #N" line ties them (Forgejo)."""
        ...

    def list_dependencies(self, repo: str, number: int) -> list[Issue]: ...

    def add_dependency(self, repo: str, number: int, *, depends_on: int) -> None: ...

    def remove_dependency(self, repo: str, number: int, *, depends_on: int) -> None: ...

    def list_hooks(self, repo: str) -> list[Hook]: ...

    def create_hook(
        self, repo: str, *, url: str, secret: str, events: Sequence[str]
    ) -> Hook: ...


# The reads: sent as they are by a dry run, passed through by the recorder. A probe
# changes nothing on the forge (the body is one it refuses): a read.
READS = frozenset({
    "current_user", "get_repo", "collaborator_permission", "list_assignees", "get_user",
    "list_issues", "get_issue", "changed_since", "comments_changed_since", "search_issues",
    "list_labels", "list_comments", "list_pulls", "get_pull", "recently_closed_pulls",
    "list_timeline", "list_reviews", "get_branch", "list_branches", "probe_write", "get_file",
    "list_files", "list_dependencies", "list_hooks",
})
# The writes: a dry run answers each itself, as the forge would, and sends none.
WRITES = frozenset({
    "create_issue", "edit_issue", "add_issue_labels", "remove_issue_label", "create_label",
    "create_comment", "edit_comment", "create_pull", "edit_pull", "merge_pull",
    "create_branch", "delete_branch", "create_file", "update_file", "change_files",
    "link_sub_issue", "add_dependency", "remove_dependency", "create_hook",
})
