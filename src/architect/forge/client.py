"""`ForgeClient`: the `Forge` protocol over HTTP, for any Forgejo (or Gitea).

Every method is one request (lists: one request a page) through `ForgeHttp`,
which owns auth, timeout, retries, error mapping and counting; this module
only knows paths, bodies and models.

Behaviours a caller must know (the server's side: docs/forgejo-behaviour.md):

* `list_issues(labels=…)`: the forge silently drops label names that do not
  exist, and when none exists it drops the filter and returns *every* issue.
  Callers must make sure the labels exist (`architect init` creates them).
* `list_issues` includes pull requests unless ``type="issues"``.
* `get_branch`, `get_file` and `get_pull_by_branches` return None on any 404,
  including a missing repository: call `get_repo` first where that matters.
* `remove_issue_label` answers 422 (ForgeValidation) when the repository has
  no label of that name; removing a label the issue does not carry is a no-op.
  On Gitea, which takes only ids there, the name's 422 costs one more read.
* `list_pulls(head=…, base=…)` also filters on the client, so a server that
  ignores a filter (Gitea has no `head`) cannot widen the answer.
* `merge_pull(message=…)`: the first line is the merge commit's title, the rest
  its body, sent in both the Forgejo and the Gitea spelling.
* Writes are not retried once they may have reached the forge (see http.py):
  a ForgeUnavailable from a write means "maybe applied"; ensure, then retry.
"""

from __future__ import annotations

import base64
import binascii
from collections.abc import Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Any, Literal, Self, TypeVar
from urllib.parse import quote

import httpx
from pydantic import BaseModel, ConfigDict, ValidationError

from architect.errors import (
    ConfigError,
    ForgeError,
    ForgeFileNotText,
    ForgeNotFound,
    ForgeValidation,
)
from architect.forge.http import (
    API_PREFIX,
    DEFAULT_TOKEN_ENV,
    MAX_PAGES,
    PAGE_LIMIT,
    ForgeHttp,
    JsonBody,
    RequestStats,
    RetryPolicy,
    server_clock,
)
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
from architect.forge.protocol import IssueState, IssueType
from architect.forge.secret import Secret

M = TypeVar("M", bound=BaseModel)

DEFAULT_HOOK_EVENTS: tuple[str, ...] = (
    "issues",
    "issue_comment",
    "pull_request",
    "pull_request_review",
    # COMMENT-type reviews are delivered under this flag (docs/forgejo-behaviour.md#webhooks).
    "pull_request_comment",
)
ReviewEvent = Literal["APPROVED", "REQUEST_CHANGES", "COMMENT"]


class _Wire(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class _Contents(_Wire):
    """`ContentsResponse` (only what a file read needs)."""

    type: str = "file"
    path: str
    sha: str
    encoding: str | None = None
    content: str | None = None


class _FileResponse(_Wire):
    content: _Contents


class _CollaboratorPermission(_Wire):
    permission: str


class _ServerVersion(_Wire):
    version: str


def segment(value: str) -> str:
    """One path segment: '/' is escaped, so `{base}` or a label name stays one segment."""
    return quote(value, safe="")


def wildcard(value: str) -> str:
    """The tail of a wildcard route (branches/*, contents/*, pulls/{base}/*): '/' stays."""
    return quote(value, safe="/")


def repo_path(repo: str) -> str:
    owner, sep, name = repo.partition("/")
    if not (sep and owner and name) or "/" in name:
        raise ValueError(f"a repository is written 'owner/name', got {repo!r}")
    return f"/repos/{segment(owner)}/{segment(name)}"


def rfc3339(moment: datetime) -> str:
    """UTC with a Z, whole seconds (the forge filters inclusively at second precision)."""
    if moment.tzinfo is None:
        raise ValueError("a forge timestamp needs a time zone; pass an aware datetime")
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def forge_root(base_url: str) -> str:
    """The forge root without a trailing slash or /api/v1; ConfigError if it is no http(s) URL."""
    root = base_url.strip().rstrip("/").removesuffix(API_PREFIX).rstrip("/")
    try:
        url = httpx.URL(root)
    except httpx.InvalidURL as exc:
        raise ConfigError(f"forge_url {base_url!r} is not a URL: {exc}") from exc
    if url.scheme not in ("http", "https") or not url.host:
        raise ConfigError(
            f"forge_url must be the forge's http(s) root URL, such as "
            f"http://localhost:3000; got {base_url!r}"
        )
    return root


def parse(model: type[M], data: Any, what: str) -> M:
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"]) or "(root)"
        raise ForgeError(
            f"the forge's answer for {what} is not a {model.__name__} this client can read: "
            f"{where}: {first['msg']}"
        ) from exc


def _total(headers: httpx.Headers, received: int) -> int:
    total = headers.get("x-total-count", "")
    return int(total) if total.isdigit() else received


def parse_list(model: type[M], items: list[Any], what: str) -> list[M]:
    return [parse(model, item, what) for item in items]


def decode_file(contents: _Contents, what: str) -> FileContent:
    if contents.type != "file" or contents.content is None:
        raise ForgeError(f"{what} is a {contents.type}, not a file the forge returns content for")
    try:
        text = base64.b64decode(contents.content).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError) as exc:
        raise ForgeFileNotText(f"{what} is not UTF-8 text encoded as base64: {exc}") from exc
    return FileContent(path=contents.path, sha=contents.sha, text=text)


def encode_text(text: str) -> str:
    return base64.b64encode(text.encode("utf-8")).decode("ascii")


def head_matches(pull: PullRequest, head: str) -> bool:
    """`head` is the branch (or owner:branch); a deleted branch leaves only `head.label`."""
    names = {pull.head.ref, pull.head.label}
    return head in names or any(name.endswith(":" + head) for name in names)


def merge_body(style: str, message: str | None) -> dict[str, str]:
    # Each server's swagger names the style differently ("Do", "do"); Go's decoder
    # matches either case-insensitively, so sending both satisfies both documents.
    body = {"Do": style, "do": style}
    if message:
        title, _, rest = message.partition("\n")
        # Forgejo reads the Go field names; Gitea the snake_case ones
        # (docs/forgejo-behaviour.md#merging).
        body |= {"MergeTitleField": title, "merge_title_field": title}
        body |= {"MergeMessageField": rest.strip("\n"), "merge_message_field": rest.strip("\n")}
    return body


class ForgeClient:
    """The `Forge` protocol for a Forgejo/Gitea server at `base_url` (its root URL)."""

    def __init__(
        self,
        base_url: str,
        token: Secret | str,
        *,
        token_env: str = DEFAULT_TOKEN_ENV,
        transport: httpx.BaseTransport | None = None,
        timeout: float = 30.0,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.base_url = forge_root(base_url)
        self._token = token if isinstance(token, Secret) else Secret(token.strip())
        self._http = ForgeHttp(
            self.base_url,
            self._token,
            token_env=token_env,
            transport=transport,
            timeout=timeout,
            retry=retry or RetryPolicy(),
        )

    # -- lifecycle ------------------------------------------------------------
    @property
    def stats(self) -> RequestStats:
        """HTTP attempts so far (`requests`, `by_method`, `retries`); `stats.reset()`."""
        return self._http.stats

    def close(self) -> None:
        self._http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"ForgeClient({self.base_url!r}, token={self._token!r})"

    # -- small helpers --------------------------------------------------------
    def _get(self, model: type[M], path: str, what: str) -> M:
        return parse(model, self._http.get_json(path), what)

    def _send(self, model: type[M], method: str, path: str, body: JsonBody, what: str) -> M:
        return parse(model, self._http.send_json(method, path, body), what)

    def _maybe(self, model: type[M], path: str, what: str) -> M | None:
        """The object, or None on a 404 (whatever was missing: the thing or its repo)."""
        try:
            return self._get(model, path, what)
        except ForgeNotFound:
            return None

    # -- identity -------------------------------------------------------------
    def current_user(self) -> User:
        return self._get(User, "/user", "the current user")

    def get_version(self) -> str:
        return self._get(_ServerVersion, "/version", "the server version").version

    def get_repo(self, repo: str) -> Repository:
        return self._get(Repository, repo_path(repo), f"repository {repo}")

    def collaborator_permission(self, repo: str, login: str) -> Permission:
        path = f"{repo_path(repo)}/collaborators/{segment(login)}/permission"
        answer = self._get(_CollaboratorPermission, path, f"{login}'s permission on {repo}")
        try:
            return Permission(answer.permission)
        except ValueError:
            return Permission.NONE  # an access mode this client does not know grants nothing

    def get_user(self, login: str) -> User | None:
        return self._maybe(User, f"/users/{segment(login)}", f"user {login}")

    def list_assignees(self, repo: str) -> list[User]:
        """Users with write access; one request, the forge does not paginate it."""
        items = self._http.get_list(f"{repo_path(repo)}/assignees")
        return parse_list(User, items, f"the assignees of {repo}")

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
    ) -> list[Issue]:
        """All matching issues (and PRs unless ``type="issues"``). Labels must exist: see above."""
        if any("," in label for label in labels):
            raise ValueError("a label name with a comma cannot be used as an issue filter")
        params: dict[str, str] = {"state": state}
        optional = {
            "labels": ",".join(labels),
            "type": type or "",
            "since": rfc3339(since) if since else "",
            "created_by": created_by or "",
            "q": q or "",
        }
        params |= {key: value for key, value in optional.items() if value}
        items = self._http.get_pages(f"{repo_path(repo)}/issues", params)
        return parse_list(Issue, items, f"the issues of {repo}")

    def changed_since(self, repo: str, since: datetime | None, *, limit: int) -> Page[Issue]:
        """Issues and PRs, open or closed, updated at or after `since`: one page, no sort.

        `sort` would order by `updated_at`, but Gitea's list has no such parameter:
        the caller reads the newest `updated_at` off the whole page instead.
        """
        params = {"state": "all", "limit": str(limit), "page": "1"}
        if since is not None:
            params["since"] = rfc3339(since)
        items, headers = self._http.get_page(f"{repo_path(repo)}/issues", params)
        found = parse_list(Issue, [i for i in items if i is not None], f"the issues of {repo}")
        return Page(found, _total(headers, len(found)), server_clock(headers))

    def search_issues(self, repo: str, q: str, *, limit: int) -> list[Issue]:
        """One page of `q`'s hits. `sort=relevance` is Forgejo's (Gitea ignores it and
        answers by date; docs/gitea.md); the database indexer answers by date too."""
        params = {"state": "open", "type": "issues", "q": q, "sort": "relevance",
                  "limit": str(limit), "page": "1"}
        items, _ = self._http.get_page(f"{repo_path(repo)}/issues", params)
        found = parse_list(Issue, [i for i in items if i is not None], f"the issues of {repo}")
        return [i for i in found if not i.is_pull]

    def comments_changed_since(self, repo: str, since: datetime, *,
                               limit: int) -> Page[Comment]:
        params = {"since": rfc3339(since), "limit": str(limit), "page": "1"}
        items, headers = self._http.get_page(f"{repo_path(repo)}/issues/comments", params)
        found = parse_list(Comment, items, f"the comments of {repo}")
        return Page(found, _total(headers, len(found)), server_clock(headers))

    def get_issue(self, repo: str, number: int) -> Issue:
        return self._get(Issue, f"{repo_path(repo)}/issues/{number}", f"issue #{number}")

    def create_issue(
        self, repo: str, *, title: str, body: str, label_ids: Sequence[int] = ()
    ) -> Issue:
        payload = {"title": title, "body": body, "labels": list(label_ids)}
        return self._send(Issue, "POST", f"{repo_path(repo)}/issues", payload, "a new issue")

    def edit_issue(
        self,
        repo: str,
        number: int,
        *,
        title: str | None = None,
        body: str | None = None,
        state: Literal["open", "closed"] | None = None,
    ) -> Issue:
        path = f"{repo_path(repo)}/issues/{number}"
        return self._send(Issue, "PATCH", path, edits(title, body, state), f"issue #{number}")

    def add_issue_labels(self, repo: str, number: int, labels: Sequence[str]) -> list[Label]:
        """Adds labels by name (unknown names are ignored by the forge); returns all the issue's."""
        path = f"{repo_path(repo)}/issues/{number}/labels"
        answer = self._http.send_json("POST", path, {"labels": list(labels)})
        if not isinstance(answer, list):
            raise ForgeError(f"the forge answered the labels of #{number} with a non-list")
        return parse_list(Label, answer, f"the labels of #{number}")

    def remove_issue_label(self, repo: str, number: int, label: str) -> None:
        labels = f"{repo_path(repo)}/issues/{number}/labels"
        try:
            self._http.send("DELETE", f"{labels}/{segment(label)}")
        except ForgeValidation:
            # Gitea 1.27 takes only a label's id here and answers a name with 422
            # (docs/gitea.md); Forgejo's 422 means the repository has no such label.
            items = self._http.get_list(labels)
            found = [x.id for x in parse_list(Label, items, f"the labels of #{number}")
                     if x.name == label]
            if not found:
                raise
            self._http.send("DELETE", f"{labels}/{found[0]}")

    def list_labels(self, repo: str) -> list[Label]:
        items = self._http.get_list(f"{repo_path(repo)}/labels")  # whole list without `page`
        return parse_list(Label, items, f"the labels of {repo}")

    def create_label(self, repo: str, *, name: str, color: str, description: str = "") -> Label:
        payload = {"name": name, "color": color, "description": description}
        return self._send(Label, "POST", f"{repo_path(repo)}/labels", payload, f"label {name}")

    # -- comments -------------------------------------------------------------
    def list_comments(self, repo: str, number: int) -> list[Comment]:
        """Plain comments only, oldest first; review bodies are in `list_reviews`."""
        items = self._http.get_list(f"{repo_path(repo)}/issues/{number}/comments")
        return parse_list(Comment, items, f"the comments of #{number}")

    def create_comment(self, repo: str, number: int, body: str) -> Comment:
        path = f"{repo_path(repo)}/issues/{number}/comments"
        return self._send(Comment, "POST", path, {"body": body}, f"a comment on #{number}")

    def edit_comment(self, repo: str, comment_id: int, body: str) -> Comment:
        path = f"{repo_path(repo)}/issues/comments/{comment_id}"
        return self._send(Comment, "PATCH", path, {"body": body}, f"comment {comment_id}")

    # -- pull requests --------------------------------------------------------
    def list_pulls(
        self,
        repo: str,
        *,
        state: IssueState = "open",
        head: str | None = None,
        base: str | None = None,
    ) -> list[PullRequest]:
        # `state` is always sent: the forge treats a missing one as "all"
        # (docs/forgejo-behaviour.md#pull-requests).
        params: dict[str, str] = {"state": state}
        params |= {key: value for key, value in (("head", head), ("base", base)) if value}
        items = self._http.get_pages(f"{repo_path(repo)}/pulls", params)
        pulls = parse_list(PullRequest, items, f"the pull requests of {repo}")
        # A server that ignores a filter (Gitea 1.27 has no `head`) must not widen the answer.
        return [
            pull
            for pull in pulls
            if (head is None or head_matches(pull, head))
            and (base is None or pull.base.ref == base)
        ]

    def get_pull(self, repo: str, number: int) -> PullRequest:
        path = f"{repo_path(repo)}/pulls/{number}"
        return self._get(PullRequest, path, f"pull request #{number}")

    def recently_closed_pulls(self, repo: str, *, limit: int) -> list[PullRequest]:
        params = {"state": "closed", "sort": "recentclose", "limit": str(limit), "page": "1"}
        items = self._http.get_list(f"{repo_path(repo)}/pulls", params)
        return parse_list(PullRequest, items, f"the closed pull requests of {repo}")

    def list_timeline(self, repo: str, number: int, *,
                      since: datetime | None = None) -> list[TimelineEvent]:
        # Forgejo's X-Total-Count here is the page's own length and there is no Link
        # (ListIssueCommentsAndTimeline): read on while pages come back full.
        path = f"{repo_path(repo)}/issues/{number}/timeline"
        query = {"since": rfc3339(since)} if since is not None else {}
        items: list[object] = []
        for page in range(1, MAX_PAGES + 1):
            batch = self._http.get_list(path, {**query, "limit": str(PAGE_LIMIT),
                                               "page": str(page)})
            items += batch
            if len(batch) < PAGE_LIMIT:
                break
        return parse_list(TimelineEvent, items, f"the timeline of #{number}")

    def get_pull_by_branches(self, repo: str, base: str, head: str) -> PullRequest | None:
        """The open, unmerged PR from `head` into `base`, or None.

        `{base}` is a single path segment on the forge: a base with a '/' would need
        %2F, which proxies (and WSGI) decode, so such a base is found through the list.
        """
        if "/" in base:
            pulls = self.list_pulls(repo, state="open", head=head, base=base)
            return next((pull for pull in pulls if not pull.merged), None)
        path = f"{repo_path(repo)}/pulls/{segment(base)}/{wildcard(head)}"
        return self._maybe(PullRequest, path, f"the PR from {head} into {base}")

    def create_pull(self, repo: str, *, title: str, body: str, head: str, base: str) -> PullRequest:
        payload = {"title": title, "body": body, "head": head, "base": base}
        path = f"{repo_path(repo)}/pulls"
        return self._send(PullRequest, "POST", path, payload, "a new pull request")

    def edit_pull(
        self,
        repo: str,
        number: int,
        *,
        title: str | None = None,
        body: str | None = None,
        state: Literal["open", "closed"] | None = None,
    ) -> PullRequest:
        path = f"{repo_path(repo)}/pulls/{number}"
        payload = edits(title, body, state)
        return self._send(PullRequest, "PATCH", path, payload, f"pull request #{number}")

    def merge_pull(
        self, repo: str, number: int, *, style: str = "merge", message: str | None = None
    ) -> None:
        """Merges; `message`'s first line is the commit title, the rest its body."""
        path = f"{repo_path(repo)}/pulls/{number}/merge"
        self._http.send("POST", path, json_body=merge_body(style, message))

    def list_reviews(self, repo: str, number: int) -> list[Review]:
        """The full review history, oldest first (dismissed ones and review requests included)."""
        items = self._http.get_list(f"{repo_path(repo)}/pulls/{number}/reviews")
        return parse_list(Review, items, f"the reviews of #{number}")

    def create_review(
        self, repo: str, number: int, *, event: ReviewEvent, body: str = ""
    ) -> Review:
        path = f"{repo_path(repo)}/pulls/{number}/reviews"
        payload = {"event": event, "body": body}
        return self._send(Review, "POST", path, payload, f"a review of #{number}")

    # -- branches and files ---------------------------------------------------
    def get_branch(self, repo: str, branch: str) -> Branch | None:
        path = f"{repo_path(repo)}/branches/{wildcard(branch)}"
        return self._maybe(Branch, path, f"branch {branch}")

    def create_branch(self, repo: str, branch: str, from_ref: str) -> Branch:
        payload = {"new_branch_name": branch, "old_ref_name": from_ref}
        path = f"{repo_path(repo)}/branches"
        return self._send(Branch, "POST", path, payload, f"branch {branch}")

    def list_branches(self, repo: str) -> list[str]:
        items = self._http.get_pages(f"{repo_path(repo)}/branches")
        return [str(item["name"]) for item in items if isinstance(item, dict)]

    def probe_write(self, repo: str, collection: Literal["branches", "labels"]) -> None:
        """Prove the right to write `collection` of `repo` without changing anything.

        The forge checks the token's scope, then the account's right on the repo,
        and only then binds the body: an empty body is refused with 422 after both
        checks passed, and nothing is created. Raises what the forge refused with.
        """
        try:
            self._http.send("POST", f"{repo_path(repo)}/{collection}", json_body={})
        except ForgeValidation:
            return

    def delete_branch(self, repo: str, branch: str) -> None:
        self._http.send("DELETE", f"{repo_path(repo)}/branches/{wildcard(branch)}")

    def get_file(self, repo: str, path: str, *, ref: str | None = None) -> FileContent | None:
        what = f"{path} in {repo}"
        url = f"{repo_path(repo)}/contents/{wildcard(path)}"
        try:
            data = self._http.get_json(url, {"ref": ref} if ref else None)
        except ForgeNotFound:
            return None
        if isinstance(data, list):
            raise ForgeError(f"{what} is a directory, not a file")
        return decode_file(parse(_Contents, data, what), what)

    def create_file(
        self, repo: str, path: str, text: str, *, branch: str, message: str
    ) -> FileContent:
        payload = {"content": encode_text(text), "branch": branch, "message": message}
        return self._write_file("POST", repo, path, text, payload)

    def update_file(
        self, repo: str, path: str, text: str, *, sha: str, branch: str, message: str
    ) -> FileContent:
        """`sha` is the blob sha from `get_file` (a stale one → ForgeConflict)."""
        payload = {"content": encode_text(text), "sha": sha, "branch": branch, "message": message}
        return self._write_file("PUT", repo, path, text, payload)

    def list_files(self, repo: str, directory: str, *, ref: str | None = None) -> list[str]:
        """Paths of the files directly in `directory`; [] when it does not exist."""
        url = f"{repo_path(repo)}/contents/{wildcard(directory.strip('/'))}"
        try:
            data = self._http.get_json(url, {"ref": ref} if ref else None)
        except ForgeNotFound:
            return []
        if not isinstance(data, list):
            return []
        return [str(e["path"]) for e in data if isinstance(e, dict) and e.get("type") == "file"]

    def change_files(
        self, repo: str, changes: Sequence[FileChange], *, branch: str, message: str
    ) -> None:
        """Every change in one commit on `branch`: they land together or not at all."""
        files: list[dict[str, str]] = []
        for change in changes:
            item = {"operation": change.operation, "path": change.path}
            if change.text is not None:
                item["content"] = encode_text(change.text)
            if change.sha is not None:
                item["sha"] = change.sha
            if change.from_path is not None:
                item["from_path"] = change.from_path
            files.append(item)
        payload = {"files": files, "branch": branch, "message": message}
        self._http.send_json("POST", f"{repo_path(repo)}/contents", payload)

    def _write_file(
        self, method: str, repo: str, path: str, text: str, payload: dict[str, str]
    ) -> FileContent:
        url = f"{repo_path(repo)}/contents/{wildcard(path)}"
        answer = self._send(_FileResponse, method, url, payload, f"{path} in {repo}")
        return FileContent(path=answer.content.path, sha=answer.content.sha, text=text)

    # -- sub-issues, dependencies and hooks ------------------------------------
    def link_sub_issue(self, repo: str, parent: int, child: int) -> None:
        """Forgejo has no sub-issues: the child's "Decomposed from #N" line is the link."""
        return None

    def list_dependencies(self, repo: str, number: int) -> list[Issue]:
        """The issues that #`number` depends on (that block it)."""
        items = self._http.get_pages(f"{repo_path(repo)}/issues/{number}/dependencies")
        return parse_list(Issue, items, f"the dependencies of #{number}")

    def add_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        """Makes #`number` depend on #`depends_on` (both in `repo`)."""
        owner, _, name = repo.partition("/")
        payload = {"index": depends_on, "owner": owner, "repo": name}
        self._http.send(
            "POST", f"{repo_path(repo)}/issues/{number}/dependencies", json_body=payload
        )

    def remove_dependency(self, repo: str, number: int, *, depends_on: int) -> None:
        """#`number` no longer waits for #`depends_on` (a re-plan closing it)."""
        owner, _, name = repo.partition("/")
        payload = {"index": depends_on, "owner": owner, "repo": name}
        self._http.send(
            "DELETE", f"{repo_path(repo)}/issues/{number}/dependencies", json_body=payload
        )

    def list_hooks(self, repo: str) -> list[Hook]:
        items = self._http.get_pages(f"{repo_path(repo)}/hooks")
        return parse_list(Hook, items, f"the webhooks of {repo}")

    def create_hook(
        self,
        repo: str,
        *,
        url: str,
        secret: str | Secret,
        events: Sequence[str] = DEFAULT_HOOK_EVENTS,
    ) -> Hook:
        """An active JSON webhook (the forge's default is inactive) signed with `secret`."""
        value = secret.reveal() if isinstance(secret, Secret) else secret
        payload = {
            # Both servers know "gitea" (Gitea 1.27 has no "forgejo"), and Forgejo sends
            # it the same JSON with the same signature headers (docs/gitea.md).
            "type": "gitea",
            "active": True,
            "config": {"url": url, "content_type": "json", "secret": value},
            "events": list(events),
            "branch_filter": "*",
        }
        return self._send(Hook, "POST", f"{repo_path(repo)}/hooks", payload, "a new webhook")


def edits(title: str | None, body: str | None, state: str | None) -> dict[str, str]:
    """Only the keys to change: an absent key leaves the field as it is (pointer semantics)."""
    fields = {"title": title, "body": body, "state": state}
    return {key: value for key, value in fields.items() if value is not None}
