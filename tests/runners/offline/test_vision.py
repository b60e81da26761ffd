"""Parsing structured vision issues: the format of docs/vision-format.md, and tolerance."""

from __future__ import annotations

import re
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from architect.runners.offline.vision import ChecklistItem, parse_vision

DOC = Path(__file__).parents[3] / "docs" / "vision-format.md"


def documented_example() -> str:
    match = re.search(r"```markdown\n(.*?)\n```", DOC.read_text(encoding="utf-8"), re.DOTALL)
    assert match, "docs/vision-format.md lost its full example"
    return match.group(1)


def test_the_documented_example_reads_as_the_documentation_says() -> None:
    vision = parse_vision(documented_example())

    assert vision.goal.startswith("Let people give a todo a due date")
    assert vision.why.startswith("Today every todo looks equally urgent")
    assert [i.id for i in vision.open_items] == [
        "due-field",
        "parse-due-dates-given-to-todo-add-due",
        "due-view",
        "reminders",
        "docs-document-due-dates-and-reminders",
    ]
    field, parse, view, remind, docs = vision.open_items
    assert field.files == ("todo/model.py", "todo/store.py")
    assert parse.after == ("due-field",) and parse.files == ("todo/cli.py", "todo/dates.py")
    assert parse.text == "Parse due dates given to `todo add --due`"
    assert view.after == ("Parse due dates given to `todo add --due",)
    assert remind.files == ("todo/remind.py",)  # from the indented note line
    assert docs.after == ("due-field", "reminders")
    assert [i.text for i in vision.items if i.done] == ["Store todos in one JSON file"]

    first, second = vision.questions
    assert first.text == "How are due dates written on the command line?"
    assert [(o.letter, o.text) for o in first.options] == [
        ("A", "ISO dates only, like `2025-05-01`"),
        ("B", "ISO dates plus a few words: `today`, `tomorrow`, weekday names"),
    ]
    assert first.recommended == "A" and first.options[0].why == "one format, no surprises"
    follow_up = second.options[1].follow_up
    assert follow_up is not None and follow_up.text == "How is the background job started?"
    assert [o.letter for o in follow_up.options] == ["A", "B"] and follow_up.recommended == "B"
    assert second.options[0].follow_up is None

    assert vision.risks == (
        "Files written before this change have no due dates and must keep loading.",
    )
    assert vision.out_of_scope == ("Recurring todos.",)
    assert vision.acceptance == (
        "`pytest` passes, including a test that loads an old file.",
        "`todo --help` documents every new option.",
    )


def test_headings_are_found_whatever_their_level_case_and_decoration() -> None:
    vision = parse_vision(
        "# Faster search\n\nIndex the notes.\n\n"
        "### MOTIVATION:\nSearch takes 4 s.\n\n"
        "## Risks and mitigations\n- the index goes stale\n\n"
        "#### Non-goals\n- fuzzy search\n\n"
        "## Definition of done\n- search answers in 100 ms\n"
    )

    assert vision.goal == "Index the notes."  # the `#` title is not a section
    assert vision.why == "Search takes 4 s."
    assert vision.risks == ("the index goes stale",)
    assert vision.out_of_scope == ("fuzzy search",)
    assert vision.acceptance == ("search answers in 100 ms",)


def test_goal_section_wins_over_the_lead_paragraph() -> None:
    vision = parse_vision("Some lead.\n\n## Goal\nThe real goal.\n")
    assert vision.goal == "The real goal."


def test_checklist_items_count_anywhere_but_acceptance_checkboxes_are_criteria() -> None:
    vision = parse_vision(
        "Lead text.\n- [ ] In the lead\n\n## Notes\n- [ ] Under notes\n- plain bullet\n\n"
        "## Tasks\n- A plain bullet under Tasks\n  - a nested detail\n\n"
        "## Acceptance\n- [ ] tests pass\n## Out of scope\n- [ ] not this\n"
    )

    assert [i.text for i in vision.items] == [
        "In the lead",
        "Under notes",
        "A plain bullet under Tasks",
    ]
    assert vision.acceptance == ("tests pass",)
    assert vision.out_of_scope == ("not this",)
    assert vision.goal == "Lead text."


def test_notes_come_from_parentheses_dashes_and_indented_lines() -> None:
    vision = parse_vision(
        "- [ ] Write the parser (optional) (id: Parser Core; files: `a.py`, b.py)\n"
        "- [ ] Wire the CLI — after: parser-core, Write docs; files: cli.py\n"
        "- [ ] Write docs — short and friendly\n"
        "- [ ] Ship it (depends on: Wire the CLI)\n"
        "    depends on: parser-core\n"
        "    files: setup.py\n"
    )
    parser, cli, docs, ship = vision.items

    assert parser == ChecklistItem(
        "parser-core", "Write the parser (optional)", files=("a.py", "b.py")
    )
    assert cli.after == ("parser-core", "Write docs") and cli.files == ("cli.py",)
    assert docs.text == "Write docs — short and friendly" and docs.after == ()
    assert ship.after == ("Wire the CLI", "parser-core") and ship.files == ("setup.py",)


def test_ids_are_unique_slugs() -> None:
    vision = parse_vision("- [ ] Add a thing\n- [ ] Add a thing\n- [ ] Add a thing\n- [ ] 日本語\n")
    assert [i.id for i in vision.items] == [
        "add-a-thing",
        "add-a-thing-2",
        "add-a-thing-3",
        "item-4",
    ]


def test_invisible_characters_comments_crlf_and_code_are_ignored() -> None:
    body = (
        "Goal line.\r\n\r\n## Ta\u200bsks\r\n"
        "- [ ] Real item\r\n"
        "<!-- - [ ] hidden in a comment -->\r\n"
        "```\r\n- [ ] inside a code fence\r\n## Risks\r\n```\r\n"
        "- [ ] Second\u200d item\r\n"
        "<!-- an unclosed comment hides the rest\r\n- [ ] never seen\r\n"
    )
    vision = parse_vision(body)

    assert [i.text for i in vision.items] == ["Real item", "Second item"]
    assert vision.goal == "Goal line."


def test_question_forms() -> None:
    vision = parse_vision(
        "## Open questions\n"
        "- **Q1:** Where is state kept?\n"
        "  - (a) SQLite\n  - (b) JSON files *(recommended)*\n"
        "Answer them on the PR, please.\n"
        "2) Which format?\n   A. CSV\n   B. TSV\n   B. duplicate letter\n"
        "### 3. Who may export?\n- A) anyone\n- B) owners — recommended\n"
        "- A question without options?\n"
        "- Many options?\n" + "".join(f"  - {letter}) option {letter}\n" for letter in "ABCDEFGH")
    )
    state, fmt, who, mute, many = vision.questions

    assert state.text == "Where is state kept?"
    assert [(o.letter, o.text) for o in state.options] == [("A", "SQLite"), ("B", "JSON files")]
    assert state.recommended == "B"
    assert fmt.recommended == "A"  # nothing marked: the first option
    assert [(o.letter, o.text) for o in fmt.options] == [
        ("A", "CSV"),
        ("B", "TSV"),
        ("C", "duplicate letter"),
    ]
    assert who.text == "3. Who may export?" and who.recommended == "B"
    assert who.options[1].text == "owners"
    assert mute.options == ()
    assert [o.letter for o in many.options] == list("ABCDEF")  # at most six


def test_empty_and_prose_only_visions() -> None:
    assert parse_vision("").is_empty
    assert parse_vision("  \n\n<!-- nothing -->").is_empty
    prose = parse_vision("Make the app faster. Nobody knows how yet.")
    assert not prose.is_empty and prose.items == ()


FRAGMENTS = [
    "## Tasks\n",
    "## Open questions\n",
    "### Risks\n",
    "# Title\n",
    "## Acceptance\n",
    "- [ ] ",
    "- [x] ",
    "  - ",
    "1. ",
    "   - A) ",
    "   - B) ",
    "(recommended)",
    "(after: ",
    "files: ",
    "id: ",
    " — ",
    ")",
    "(",
    "<!--",
    "-->",
    "```",
    "~~~",
    "\r\n",
    "\n",
    "\r",
    "\u200b",
    "\ufeff",
    "If B: ",
    "?",
    "#",
    "Q1: ",
    "**",
    "`",
    "after: x, y",
    "\t",
]


@settings(max_examples=300, deadline=None)
@given(st.text())
def test_any_text_parses(text: str) -> None:
    parse_vision(text)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.one_of(st.sampled_from(FRAGMENTS), st.text(max_size=12)), max_size=60))
def test_any_mix_of_the_format_parses_into_sound_data(parts: list[str]) -> None:
    vision = parse_vision("".join(parts))

    ids = [i.id for i in vision.items]
    assert len(ids) == len(set(ids)) and all(0 < len(i) <= 64 for i in ids)
    assert all(i.text.strip() for i in vision.items)
    for question in vision.questions:
        letters = [o.letter for o in question.options]
        assert len(letters) == len(set(letters)) <= 6
        assert all(re.fullmatch(r"[A-Z]", letter) for letter in letters)
        assert not question.options or question.recommended in letters


HOSTILE = {
    "a realistic vision, repeated": documented_example() + "\n",
    "unclosed comments": "<!--",
    "one line of spaces": " ",
    "one huge item": "a ",
    "parentheses": "(",
    "dashes and spaces": " — ",
    "headings": "#",
    "carriage returns": "\r",
    "short lines": "a\n",
    "short bullets": "- a\n",
    "indented notes": "- [ ] x\n  files: a\n",
    "notes": "(after: x, files: y; id: z",
    "questions": "1. Q?\n   - A) x (recommended: ",
    "checkboxes": "- [ ] ",
    "emphasis in an option": "1. Q?\n - A) " + "*" * 200_000 + "\n",
    "brackets": "[",
    "duplicate items": "- [ ] same\n",
    "many task sections": "## Tasks\n- [ ] a\n- [ ] b\n",
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_a_megabyte_parses_in_linear_time(name: str) -> None:
    # CPU time, not wall time: other processes on a busy CI machine do not count.
    unit = HOSTILE[name]
    body = (
        "- [ ] " + unit * (1_000_000 // len(unit))
        if name == "one huge item"
        else unit * (1_000_000 // len(unit))
    )
    started = time.process_time()
    parse_vision(body)
    # A guard against a parse that grows with the square of the text (that took minutes),
    # not a speed goal: a linear parse of a megabyte takes about a second of CPU.
    assert time.process_time() - started < 5.0


def test_prose_is_reflowed_and_lists_keep_their_lines() -> None:
    vision = parse_vision("Let people keep\na todo list.\n\n- one\n- two\n  goes on\n\n## Why\n"
                          "Because\nthey asked.\n\n- [ ] A task\n")
    assert vision.goal == "Let people keep a todo list.\n\n- one\n- two goes on"
    assert vision.why == "Because they asked."
