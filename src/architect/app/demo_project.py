"""The seed content of `architect demo`: a small CLI todo app and its visions.

Plain data, no I/O: the demo writes it to the embedded forge and then plays
the human with `DemoProject.replies`. The visions follow the structured format
(`docs/vision-format.md`) so the offline planner walks the whole lifecycle:

- "Due dates and reminders" is accepted: two design questions, the second
  with a follow-up when its option B is chosen, five tasks linked by `after:`;
- "Sync todos across machines" is rejected (too much new infra);
- "Tags and filters" comes third in `prerequisites.md`, pitched last.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Fate(StrEnum):
    ACCEPTED = "accepted"
    REJECTED = "rejected"
    LATER = "later"


@dataclass(frozen=True)
class DemoVision:
    key: str
    title: str
    body: str
    fate: Fate


@dataclass(frozen=True)
class DemoReply:
    """A comment the demo's human posts on the sprint PR of `vision` (a key)."""

    vision: str
    body: str
    shows: str  # what this step demonstrates, for the demo's narration


@dataclass(frozen=True)
class DemoProject:
    name: str
    repo: str
    ops_repo: str
    reviewer: str
    vision_md: str
    agents_md: str
    prerequisites_md: str
    files: tuple[tuple[str, str], ...]  # (path, content) of the project repo's first commit
    visions: tuple[DemoVision, ...]
    replies: tuple[DemoReply, ...]  # in the order the demo posts them

    def vision(self, key: str) -> DemoVision:
        return next(v for v in self.visions if v.key == key)

    def accepted(self) -> DemoVision:
        """The vision whose sprint the demo walks to the end."""
        return next(v for v in self.visions if v.fate is Fate.ACCEPTED)

    def replies_for(self, key: str) -> tuple[DemoReply, ...]:
        return tuple(r for r in self.replies if r.vision == key)


VISION_MD = """\
# todo — vision

`todo` is a small command-line todo list for one person, kept in a plain file.

## Principles

- Fast to type: every command fits on one line and needs no quoting.
- Plain data: todos live in one JSON file that the user can read, back up and sync.
- No servers, no accounts: `todo` runs where the user is and nowhere else.

## Where it is going

- Due dates, so that the list can say what is urgent.
- Reminders that reach the user without a terminal open, if they stay simple.
- Tags and filters, so that long lists stay usable.
"""

AGENTS_MD = """\
# AGENTS.md — working on todo

- Code lives in `todo/`: `cli.py` parses arguments (one function per command),
  `store.py` reads and writes `~/.todo.json`, `model.py` holds the `Todo` dataclass.
- Tests live in `tests/`, one file per module; run `pytest`.
- Python 3.11, standard library only unless an issue says otherwise.
- Every user-visible change updates `README.md` and `todo --help`.
- Keep the JSON file backward compatible: files written by older versions must still load.
"""

PREREQUISITES_MD = """\
# Prerequisites

The order in which the architect pitches the visions, first item first. One
vision per item, named by `#N` or by its title; text after ` — ` is a note.

1. Due dates and reminders — dates come before anything can be urgent
2. Sync todos across machines — only once the file format has settled
3. Tags and filters — builds on the due-date views
"""

DUE_DATES = """\
Let people give a todo a due date, see at a glance what is overdue or due
today, and get reminded before a deadline slips.

## Why

Today every todo looks equally urgent: people keep dates in the todo text
("pay rent 1st") and scan the whole list to find them. A due date the tool
understands can sort, filter and remind.

## Tasks

- [ ] Add an optional due date to the todo model and the JSON file (id: due-field; files: todo/model.py, todo/store.py)
- [ ] Parse due dates given to `todo add --due` (id: due-parse; after: due-field; files: todo/cli.py, todo/dates.py)
- [ ] Show overdue and due-today todos with `todo due` (id: due-view; after: due-parse; files: todo/cli.py, todo/views.py)
- [ ] Remind the user of todos that fall due (id: reminders; after: due-view; files: todo/remind.py, todo/cli.py)
- [ ] Docs: document due dates and reminders in the README (id: due-docs; after: due-parse, reminders; files: README.md)

## Open questions

1. How are due dates written on the command line?
   - A) ISO dates only, like `2025-05-01` (recommended: one format, no parsing surprises)
   - B) ISO dates plus a few words: `today`, `tomorrow`, weekday names
2. How do reminders reach the user?
   - A) A line printed before the output of any `todo` command (recommended: nothing runs in the background)
   - B) Desktop notifications from a background job
     - If B: How is the background job started?
       - A) A cron entry that `todo remind --install` writes
       - B) A systemd user timer that `todo remind --install` writes (recommended)

## Risks

- Files written before this change have no due dates and must keep loading.
- Whether a todo is due today depends on the local time zone near midnight.

## Out of scope

- Recurring todos.
- A time of day: a due date is a day.

## Acceptance

- `pytest` passes, including a test that loads a file written before this change.
- `todo --help` documents every new option.
"""  # noqa: E501  (a vision is prose typed in a web form: long lines are what users write)

SYNC = """\
Keep the same todo list on every machine the user works on.

## Why

People use `todo` on a laptop and on a desktop and copy the JSON file by hand.

## Tasks

- [ ] Run a sync service with user accounts (id: sync-service; files: server/app.py, server/accounts.py)
- [ ] Keep every todo in a Postgres database on the server (id: sync-db; after: sync-service; files: server/db.py)
- [ ] Add `todo sync` to push and pull changes (id: sync-command; after: sync-db; files: todo/sync.py, todo/cli.py)
- [ ] Resolve edits made offline on two machines (id: sync-conflicts; after: sync-command; files: todo/sync.py)

## Risks

- Two machines that edit the same todo offline conflict.
"""  # noqa: E501

TAGS = """\
Let people tag todos and list only the ones that matter right now.

## Why

Lists grow past a screen; people want to see only `+work` on a weekday morning.

## Tasks

- [ ] Add tags to todos with `todo add buy milk +home` (id: tags; files: todo/model.py, todo/cli.py)
- [ ] Filter `todo list` by tag (id: tag-filter; after: tags; files: todo/views.py)
- [ ] Test: tags survive a round trip through the JSON file (id: tag-tests; after: tags; files: tests/test_store.py)

## Acceptance

- `pytest` passes.
"""  # noqa: E501

ACCEPT_DUE_DATES = (
    "ACCEPT — keep the first version small: dates must be quick to type, and nothing "
    "should run in the background unless the user installs it."
)
ANSWER_Q1 = "Q1: B because typing tomorrow is faster than looking up the date"
ANSWER_Q2_FREE_TEXT = (
    "For reminders, let's do desktop notifications from a background job: people close "
    "the terminal and never see a printed line."
)
ANSWER_Q3 = "Q3: A because cron is there on macOS too"
REJECT_SYNC = (
    "REJECT: a hosted service with accounts and a Postgres database is more infrastructure "
    "than a one-person CLI should need; syncing the JSON file with git or a shared folder "
    "is enough."
)

FILES: tuple[tuple[str, str], ...] = (
    (
        "README.md",
        "# todo\n\nA small command-line todo list.\n\n    todo add buy milk\n"
        "    todo list\n    todo done 1\n",
    ),
    ("todo/__init__.py", '"""todo: a command-line todo list."""\n'),
    (
        "todo/model.py",
        "from dataclasses import dataclass\n\n\n@dataclass\nclass Todo:\n"
        "    id: int\n    text: str\n    done: bool = False\n",
    ),
    (
        "todo/store.py",
        "import json\nfrom pathlib import Path\n\nfrom todo.model import Todo\n\n\n"
        "def load(path: Path) -> list[Todo]:\n"
        "    if not path.exists():\n        return []\n"
        "    return [Todo(**raw) for raw in json.loads(path.read_text())]\n\n\n"
        "def save(path: Path, todos: list[Todo]) -> None:\n"
        "    path.write_text(json.dumps([vars(t) for t in todos], indent=2))\n",
    ),
    (
        "todo/cli.py",
        "import argparse\n\n\ndef main() -> None:\n"
        "    parser = argparse.ArgumentParser(prog='todo')\n"
        "    sub = parser.add_subparsers(dest='command', required=True)\n"
        "    sub.add_parser('add').add_argument('text', nargs='+')\n"
        "    sub.add_parser('list')\n"
        "    sub.add_parser('done').add_argument('id', type=int)\n"
        "    parser.parse_args()\n",
    ),
    (
        "tests/test_store.py",
        "from todo.model import Todo\nfrom todo.store import load, save\n\n\n"
        "def test_round_trip(tmp_path):\n"
        "    path = tmp_path / 'todo.json'\n"
        "    save(path, [Todo(1, 'buy milk')])\n"
        "    assert load(path) == [Todo(1, 'buy milk')]\n",
    ),
)

DEMO = DemoProject(
    name="demo",
    repo="demo/todo",
    ops_repo="demo/todo-ops",
    reviewer="alice",
    vision_md=VISION_MD,
    agents_md=AGENTS_MD,
    prerequisites_md=PREREQUISITES_MD,
    files=FILES,
    visions=(
        DemoVision("due-dates", "Due dates and reminders", DUE_DATES, Fate.ACCEPTED),
        DemoVision("sync", "Sync todos across machines", SYNC, Fate.REJECTED),
        DemoVision("tags", "Tags and filters", TAGS, Fate.LATER),
    ),
    replies=(
        DemoReply(
            "due-dates", ACCEPT_DUE_DATES, "ACCEPT with guidance starts the design questions"
        ),
        DemoReply("sync", REJECT_SYNC, "REJECT closes the sprint PR and journals the lesson"),
        DemoReply("due-dates", ANSWER_Q1, "a grammar answer with its reason"),
        DemoReply("due-dates", ANSWER_Q2_FREE_TEXT, "a free-text answer the planner reads"),
        DemoReply("due-dates", ANSWER_Q3, "the answer to the follow-up; filing follows"),
    ),
)
