"""`DELETE /repos/{owner}/{repo}/issues/{index}`: a repo admin deletes an issue or a PR.

As Forgejo routes it (routers/api/v1/api.go: `Delete(reqToken(), reqAdmin(), …,
repo.DeleteIssue)`): a token is required, the doer must be the repo's owner or
admin or a site admin (403 otherwise), a missing index is 404, success is 204
with no body. The issue goes with its comments and the dependencies naming it;
its number is not reused.
"""

from __future__ import annotations

from architect.emulator import hooks
from architect.emulator.common import Route, load_issue, load_repo, require_admin, route
from architect.emulator.web import Ctx, Reply


def delete_issue(ctx: Ctx) -> Reply:
    repo = load_repo(ctx)
    require_admin(ctx, repo)
    issue = load_issue(ctx, repo)
    if issue.pull is None:  # GitHub tells its hooks; Forgejo's are told nothing
        hooks.issue_deleted(ctx, repo, issue)
    ctx.store.remove_issue(repo, issue)
    ctx.store.touch()
    return Reply(204, empty=True)


ROUTES: list[Route] = [
    route("/repos/<owner>/<repo>/issues/<int:index>", "DELETE", delete_issue, "issue"),
]
