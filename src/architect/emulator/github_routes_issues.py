"""The GitHub dialect's users, repositories, issues, comments, labels, sub-issues and search."""

from __future__ import annotations

import re

from architect.emulator import github_serialize as ser
from architect.emulator.github_web import (
    JSON,
    Backend,
    Call,
    DialectError,
    Reply,
    Routes,
    issue_number,
    number_of,
    page,
    registrar,
    sorted_by,
)

ROUTES: Routes = []
route = registrar(ROUTES)


# -- users and repositories -----------------------------------------------------------------


@route("/user", "GET")
def current_user(d: Backend, call: Call) -> Reply:
    return Reply(200, ser.public_user(call.urls, d.forgejo(call, "GET", "/user")[1]))


@route("/users/<username>", "GET")
def get_user(d: Backend, call: Call) -> Reply:
    found = d.forgejo(call, "GET", f"/users/{call.params['username']}")[1]
    return Reply(200, ser.public_user(call.urls, found))


@route("/repos/<owner>/<repo>", "GET")
def get_repo(d: Backend, call: Call) -> Reply:
    return Reply(200, ser.repository(call.urls, d.repo_json(call)))


@route("/repos/<owner>/<repo>/collaborators/<username>/permission", "GET")
def collaborator_permission(d: Backend, call: Call) -> Reply:
    d.repo_json(call)  # the caller must see the repository; GitHub then tells anyone who can
    login = call.params["username"]
    answer = d.forgejo(call, "GET", f"/repos/{call.full}/collaborators/{login}/permission",
                       admin=True)[1]
    permission = str(answer.get("permission", "none"))
    permission = "admin" if permission == "owner" else permission
    found = d.forgejo(call, "GET", f"/users/{login}", admin=True)[1]
    role = {"admin": "admin", "write": "write", "read": "read"}.get(permission, "none")
    return Reply(200, {"permission": permission, "role_name": role,
                       "user": {**ser.user(call.urls, found), "role_name": role}})


@route("/repos/<owner>/<repo>/collaborators", "GET")
def list_collaborators(d: Backend, call: Call) -> Reply:
    if call.arg("permission") in ("push", "maintain", "admin"):
        # Forgejo's assignees are the users who may write, the owner included, as GitHub
        # counts the owner of a personal repository among its collaborators.
        items = d.forgejo(call, "GET", f"/repos/{call.full}/assignees")[1] or []
    else:
        items = d.forgejo_all(call, f"/repos/{call.full}/collaborators")
    return page(call, items, lambda u: {**ser.user(call.urls, u), "role_name": "write"})


@route("/repos/<owner>/<repo>/assignees", "GET")
def list_assignees(d: Backend, call: Call) -> Reply:
    items = d.forgejo(call, "GET", f"/repos/{call.full}/assignees")[1] or []
    return page(call, items, lambda u: ser.user(call.urls, u))


# -- issues ------------------------------------------------------------------------------


@route("/repos/<owner>/<repo>/issues", "GET")
def list_issues(d: Backend, call: Call) -> Reply:
    params = {"state": call.arg("state", "open")}
    for ours, theirs in (("labels", "labels"), ("since", "since"), ("creator", "created_by")):
        if call.arg(ours):
            params[theirs] = call.arg(ours)
    wanted = [x for x in call.arg("labels").split(",") if x]
    have = {x["name"] for x in d.forgejo_all(call, f"/repos/{call.full}/labels")} if wanted \
        else set()
    # GitHub matches no issue for a label it does not know (Forgejo drops the filter).
    items = [] if any(w not in have for w in wanted) else \
        d.forgejo_all(call, f"/repos/{call.full}/issues", params)
    return page(call, sorted_by(call, items), lambda i: ser.issue(call.urls, call.full, i))


def _label_ids(d: Backend, call: Call, names: list[JSON]) -> list[int]:
    """GitHub takes label names, and creates the ones the repository lacks."""
    have = {x["name"]: x["id"] for x in d.forgejo_all(call, f"/repos/{call.full}/labels")}
    ids = []
    for name in names:
        if str(name) not in have:
            made = d.forgejo(call, "POST", f"/repos/{call.full}/labels",
                             body={"name": str(name), "color": "ededed"})[1]
            have[str(name)] = made["id"]
        ids.append(have[str(name)])
    return ids


@route("/repos/<owner>/<repo>/issues", "POST")
def create_issue(d: Backend, call: Call) -> Reply:
    body = call.body()
    payload = {"title": body.get("title", ""), "body": body.get("body") or "",
               "labels": _label_ids(d, call, list(body.get("labels") or []))}
    made = d.forgejo(call, "POST", f"/repos/{call.full}/issues", body=payload)[1]
    return Reply(201, ser.issue(call.urls, call.full, made))


@route("/repos/<owner>/<repo>/issues/<int:number>", "GET")
def get_issue(d: Backend, call: Call) -> Reply:
    found = d.forgejo(call, "GET", f"/repos/{call.full}/issues/{call.params['number']}")[1]
    return Reply(200, ser.issue(call.urls, call.full, found))


@route("/repos/<owner>/<repo>/issues/<int:number>", "PATCH")
def edit_issue(d: Backend, call: Call) -> Reply:
    body = {k: v for k, v in call.body().items() if k in ("title", "body", "state")}
    found = d.forgejo(call, "PATCH", f"/repos/{call.full}/issues/{call.params['number']}",
                      body=body)[1]
    return Reply(200, ser.issue(call.urls, call.full, found))


@route("/repos/<owner>/<repo>/issues/comments", "GET")
def list_repo_comments(d: Backend, call: Call) -> Reply:
    params = {"since": call.arg("since")} if call.arg("since") else {}
    items = d.forgejo_all(call, f"/repos/{call.full}/issues/comments", params)
    return page(call, sorted_by(call, items),
                lambda c: ser.comment(call.urls, call.full, issue_number(c), c))


@route("/repos/<owner>/<repo>/issues/<int:number>/comments", "GET")
def list_comments(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    items = d.forgejo_all(call, f"/repos/{call.full}/issues/{number}/comments")
    return page(call, items, lambda c: ser.comment(call.urls, call.full, number, c))


@route("/repos/<owner>/<repo>/issues/<int:number>/comments", "POST")
def create_comment(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    made = d.forgejo(call, "POST", f"/repos/{call.full}/issues/{number}/comments",
                     body={"body": call.body().get("body", "")})[1]
    return Reply(201, ser.comment(call.urls, call.full, number, made))


@route("/repos/<owner>/<repo>/issues/comments/<int:id>", "PATCH")
def edit_comment(d: Backend, call: Call) -> Reply:
    made = d.forgejo(call, "PATCH", f"/repos/{call.full}/issues/comments/{call.params['id']}",
                     body={"body": call.body().get("body", "")})[1]
    return Reply(200, ser.comment(call.urls, call.full, issue_number(made), made))


@route("/repos/<owner>/<repo>/issues/<int:number>/timeline", "GET")
def list_timeline(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    items = d.forgejo_all(call, f"/repos/{call.full}/issues/{number}/timeline")
    return page(call, items, lambda e: ser.timeline_event(call.urls, call.full, number, e))


# -- labels -----------------------------------------------------------------------------


@route("/repos/<owner>/<repo>/labels", "GET")
def list_labels(d: Backend, call: Call) -> Reply:
    items = d.forgejo_all(call, f"/repos/{call.full}/labels")
    return page(call, items, lambda x: ser.label(call.urls, call.full, x))


@route("/repos/<owner>/<repo>/labels", "POST")
def create_label(d: Backend, call: Call) -> Reply:
    body = call.body()
    if not body.get("name") or ("color" in body and not re.fullmatch(r"[0-9a-fA-F]{6}",
                                                                   str(body["color"]))):
        d.require_write(call, f"/repos/{call.full}/labels")
    if not body.get("name"):
        raise DialectError(422, "Validation Failed", [{"resource": "Label", "field": "name",
                                                       "code": "missing_field"}])
    if not re.fullmatch(r"[0-9a-fA-F]{6}", str(body.get("color", "ededed"))):
        raise DialectError(422, "Validation Failed", [{"resource": "Label", "field": "color",
                                                       "code": "invalid"}])
    payload = {"name": body["name"], "color": str(body.get("color", "ededed")),
               "description": body.get("description") or ""}
    made = d.forgejo(call, "POST", f"/repos/{call.full}/labels", body=payload)[1]
    return Reply(201, ser.label(call.urls, call.full, made))


@route("/repos/<owner>/<repo>/issues/<int:number>/labels", "POST")
def add_labels(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    names = [str(x) for x in call.body().get("labels") or []]
    _label_ids(d, call, names)
    items = d.forgejo(call, "POST", f"/repos/{call.full}/issues/{number}/labels",
                      body={"labels": names})[1]
    return Reply(200, [ser.label(call.urls, call.full, x) for x in items])


@route("/repos/<owner>/<repo>/issues/<int:number>/labels/<path:name>", "DELETE")
def remove_label(d: Backend, call: Call) -> Reply:
    number, name = int(call.params["number"]), call.params["name"]
    path = f"/repos/{call.full}/issues/{number}/labels"
    have = d.forgejo(call, "GET", path)[1] or []
    found = [x for x in have if x["name"] == name]
    if not found:
        raise DialectError(404, "Label does not exist")
    d.forgejo(call, "DELETE", f"{path}/{found[0]['id']}")
    left = d.forgejo(call, "GET", path)[1] or []
    return Reply(200, [ser.label(call.urls, call.full, x) for x in left])


# -- sub-issues and dependencies ------------------------------------------------------------


@route("/repos/<owner>/<repo>/issues/<int:number>/sub_issues", "GET")
def list_sub_issues(d: Backend, call: Call) -> Reply:
    parent = int(call.params["number"])
    d.forgejo(call, "GET", f"/repos/{call.full}/issues/{parent}")
    return page(call, d.sub_issues.get((call.full, parent), []), lambda n: ser.issue(
        call.urls, call.full, d.forgejo(call, "GET", f"/repos/{call.full}/issues/{n}")[1]))


@route("/repos/<owner>/<repo>/issues/<int:number>/sub_issues", "POST")
def add_sub_issue(d: Backend, call: Call) -> Reply:
    parent = int(call.params["number"])
    found = d.forgejo(call, "GET", f"/repos/{call.full}/issues/{parent}")[1]
    child = number_of(d, call, call.body().get("sub_issue_id"))
    # An issue has one parent: a child of any parent in this repository (numbers name
    # issues only within their repository) cannot be added again.
    if any(child in kids for (repo, _), kids in d.sub_issues.items() if repo == call.full):
        raise DialectError(422, "Validation Failed", [{"resource": "Issue", "code": "invalid",
                                                       "message": "Issue may not contain "
                                                       "duplicate sub-issues"}])
    d.sub_issues.setdefault((call.full, parent), []).append(child)
    return Reply(201, ser.issue(call.urls, call.full, found))


@route("/repos/<owner>/<repo>/issues/<int:number>/dependencies/blocked_by", "GET")
def list_blocked_by(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    items = d.forgejo_all(call, f"/repos/{call.full}/issues/{number}/dependencies")
    return page(call, items, lambda i: ser.issue(call.urls, call.full, i))


@route("/repos/<owner>/<repo>/issues/<int:number>/dependencies/blocked_by", "POST")
def add_blocked_by(d: Backend, call: Call) -> Reply:
    number = int(call.params["number"])
    blocker = number_of(d, call, call.body().get("issue_id"))
    owner, _, name = call.full.partition("/")
    d.forgejo(call, "POST", f"/repos/{call.full}/issues/{number}/dependencies",
              body={"index": blocker, "owner": owner, "repo": name})
    found = d.forgejo(call, "GET", f"/repos/{call.full}/issues/{number}")[1]
    return Reply(201, ser.issue(call.urls, call.full, found))


@route("/repos/<owner>/<repo>/issues/<int:number>/dependencies/blocked_by/<int:issue_id>",
       "DELETE")
def remove_blocked_by(d: Backend, call: Call) -> Reply:
    """`issues/remove-dependency-blocked-by`: 200 with the issue; a blocker it does not
    have is a 404, as is an id GitHub does not know."""
    number = int(call.params["number"])
    path = f"/repos/{call.full}/issues/{number}"
    d.forgejo(call, "GET", path)
    blocker_id = int(call.params["issue_id"])
    blocker = d.number_by_id(call, blocker_id)
    if blocker is None or blocker_id not in {i["id"] for i in d.forgejo_all(
            call, f"{path}/dependencies")}:
        raise DialectError(404, "Not Found")
    owner, _, name = call.full.partition("/")
    d.forgejo(call, "DELETE", f"{path}/dependencies",
              body={"index": blocker, "owner": owner, "repo": name})
    return Reply(200, ser.issue(call.urls, call.full, d.forgejo(call, "GET", path)[1]))


@route("/search/issues", "GET")
def search_issues(d: Backend, call: Call) -> Reply:
    """`repo:o/r is:open is:issue label:"x" text`: the qualifiers the architect writes."""
    query = call.arg("q")
    repo = re.search(r"\brepo:(\S+)", query)
    if repo is None:
        raise DialectError(422, "Validation Failed", [{"resource": "Search", "field": "q",
                                                       "code": "invalid"}])
    params = {"state": "all"}
    for value in re.findall(r"\bis:(\w+)", query):
        if value in ("open", "closed"):
            params["state"] = value
        elif value in ("issue", "pr"):
            params["type"] = "issues" if value == "issue" else "pulls"
    labels = re.findall(r'\blabel:"([^"]+)"|\blabel:(\S+)', query)
    if labels:
        params["labels"] = ",".join(a or b for a, b in labels)
    text = re.sub(r'\b(repo|is|label):("[^"]*"|\S+)', " ", query)
    # The store's search ORs its words already: GitHub's OR operator is not a word.
    text = " ".join(w for w in text.split() if w != "OR")
    if text:
        params["q"] = text.strip('"')
    owner_repo = repo.group(1)
    items = d.forgejo_all(call, f"/repos/{owner_repo}/issues", params)
    paged = page(call, items, lambda i: {**ser.issue(call.urls, owner_repo, i), "score": 1.0})
    body = {"total_count": len(items), "incomplete_results": False, "items": paged.body,
            "search_type": "lexical"}
    return Reply(200, body, paged.headers)
