"""`q` on `GET /repos/{o}/{r}/issues` answers as Forgejo's issue indexers do.

Each test names the Go source it pins (Forgejo d883bd8f12):
`modules/indexer/issues/internal/qstring.go` (the tokenizer),
`modules/indexer/issues/bleve/bleve.go` (`Search`, the default indexer),
`modules/indexer/issues/db/db.go` (`Search`, `ISSUE_INDEXER_TYPE = db`), and
bleve's `search/searcher/search_fuzzy.go` (`GetAutoFuzziness`).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest

from architect.emulator import EmbeddedForge, Settings
from architect.emulator.search import Kind, Token, analyze, tokens
from tests.app.cli.conftest import architect
from tests.emulator.conftest import REPO, Forge, ManualClock, SteppingClock, make_forge

ISSUES = f"/repos/{REPO}/issues"


def _found(world: Forge, q: str) -> list[int]:
    return sorted(int(i["number"]) for i in world.get(ISSUES, params={"q": q, "state": "all"}))


@pytest.fixture
def db_world() -> Iterator[Forge]:
    forge = EmbeddedForge(clock=SteppingClock(), settings=Settings(issue_indexer="db"))
    made = make_forge(forge)
    yield made
    made.http.close()
    forge.stop()


# -- qstring.go: Tokenizer.next -------------------------------------------------------


def test_tokens_split_on_spaces_and_are_fuzzy_should_clauses() -> None:
    assert tokens("Decomposed from #1") == [Token("Decomposed"), Token("from"), Token("#1")]


def test_quotes_make_one_exact_phrase_and_plus_minus_set_the_kind() -> None:
    assert tokens('+"design forks"') == [Token("design forks", Kind.MUST, fuzzy=False)]
    assert tokens("+page -draft") == [Token("page", Kind.MUST), Token("draft", Kind.NOT)]


def test_a_backslash_escapes_an_operator_or_quote_and_is_kept_before_anything_else() -> None:
    assert tokens(r"\-x \"y a\b") == [Token("-x"), Token('"y'), Token(r"a\b")]


def test_the_rune_after_a_skipped_space_is_lost_as_the_skip_loop_reads_it() -> None:
    # A term ends by consuming one space; `next` then reads once more inside its skip
    # loop and `continue`s, so a second space costs the next rune.
    assert tokens("alpha  beta") == [Token("alpha"), Token("eta")]
    assert tokens("alpha   beta") == [Token("alpha"), Token("beta")]
    # A closing quote does not consume the space after it: the `-` goes instead.
    assert tokens('"design forks" -draft') == [
        Token("design forks", fuzzy=False), Token("draft")]


# -- bleve.go: the issueIndexer analyzer -------------------------------------------------


def test_the_analyzer_splits_camel_case_and_digits_and_drops_punctuation() -> None:
    # UAX #29 keeps "don't" one word; the camelCase filter then cuts at the apostrophe.
    assert analyze("HTTPServer v2: #12, don't") == (
        "http", "server", "v", "2", "12", "don", "'", "t")


# -- bleve.go: Search --------------------------------------------------------------------


def test_tokens_are_or_ed_so_a_plain_phrase_finds_every_issue_sharing_one_word(
        world: Forge) -> None:
    vision = world.issue("Wishlist")
    sub = world.issue("Store items", "Decomposed from #1")
    other = world.issue("Fix the footer", "Moved here from the old tracker")
    world.issue("Unrelated", "nothing in common")
    assert _found(world, "Decomposed from #1") == [vision, sub, other]


def test_a_fuzzy_token_allows_edits_by_length_and_a_quoted_one_does_not(world: Forge) -> None:
    wish = world.issue("Shoppers keep a wishlist")
    cat = world.issue("A cat picture")
    assert _found(world, "wishlsit") == [wish]  # 8 bytes: 2 edits (a swap counts 2)
    assert _found(world, '"wishlsit"') == []
    assert _found(world, "car") == [cat]  # 3 to 5 bytes: 1 edit
    assert _found(world, "ab") == []  # up to 2 bytes: exact only ("a" is not "ab")


def test_a_phrase_needs_its_words_next_to_each_other(world: Forge) -> None:
    together = world.issue("x", "the design forks are answered")
    apart = world.issue("y", "design of the forks")
    assert _found(world, '"design forks"') == [together]
    assert _found(world, "design") == [together, apart]


def test_plus_requires_and_minus_excludes(world: Forge) -> None:
    both = world.issue("Wishlist page", "backend work")
    page = world.issue("Cart page")
    world.issue("Wishlist export")
    assert _found(world, "+page wishlist") == [both, page]
    assert _found(world, "page -wishlist") == [page]
    assert _found(world, "-wishlist") == [page]  # only NOT: bleve starts from all issues


def test_comments_are_searched_and_hash_n_matches_the_index(world: Forge) -> None:
    first = world.issue("Alpha")
    second = world.issue("Beta")
    world.setup.comment(REPO, second, "see the zeppelin notes", token=world.tokens["alice"])
    assert _found(world, "zeppelin") == [second]
    assert _found(world, f"#{first}") == [first]


def test_a_change_is_searchable_only_after_the_index_delay() -> None:
    clock = ManualClock()
    forge = EmbeddedForge(clock=clock, settings=Settings(index_delay=timedelta(seconds=2)))
    world = make_forge(forge)
    try:
        number = world.issue("Old title")
        assert _found(world, "title") == []  # listed without `q`, not yet indexed
        assert [i["number"] for i in world.get(ISSUES)] == [number]
        clock.now += timedelta(seconds=2)
        assert _found(world, "old") == [number]
        edited = world.call("PATCH", f"{ISSUES}/{number}", "alice", json={"title": "Renamed"})
        assert edited.status_code == 201
        assert (_found(world, "old"), _found(world, "renamed")) == ([number], [])
        clock.now += timedelta(seconds=2)
        assert (_found(world, "old"), _found(world, "renamed")) == ([], [number])
    finally:
        world.http.close()
        forge.stop()


# -- db.go: Search -----------------------------------------------------------------------


def test_db_indexer_only_the_last_token_counts_as_a_substring(db_world: Forge) -> None:
    sub = db_world.issue("Store items", "Decomposed from #1")
    footer = db_world.issue("Fix the footer", "Moved here from elsewhere")
    assert _found(db_world, "Decomposed from") == [sub, footer]
    assert _found(db_world, "nothing from") == [sub, footer]
    assert _found(db_world, "from Decomposed") == [sub]
    assert _found(db_world, "ecompose") == [sub]  # LIKE '%…%': a part of a word


def test_db_indexer_hash_n_is_text_and_underscore_is_a_wildcard(db_world: Forge) -> None:
    first = db_world.issue("Alpha")
    mention = db_world.issue("Beta", "after #1 lands")
    assert _found(db_world, f"#{first}") == [mention]  # the index branch is never taken
    assert _found(db_world, "a_pha") == [first]


def test_db_indexer_has_no_delay() -> None:
    clock = ManualClock()
    settings = Settings(issue_indexer="db", index_delay=timedelta(minutes=5))
    forge = EmbeddedForge(clock=clock, settings=settings)
    world = make_forge(forge)
    try:
        number = world.issue("Fresh")
        assert _found(world, "fresh") == [number]
    finally:
        world.http.close()
        forge.stop()


def test_an_unknown_indexer_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown issue indexer 'elastic'"):
        Settings(issue_indexer="elastic")


@pytest.mark.slow  # starts a process
def test_architect_forge_names_a_bad_search_option_and_exits_2() -> None:
    delay = architect("forge", "--port", "0", "--index-delay", "soon")
    indexer = architect("forge", "--port", "0", "--issue-indexer", "elastic")
    assert (delay.returncode, indexer.returncode) == (2, 2)
    assert '--index-delay: "soon" is not a duration' in delay.stderr
    assert "unknown issue indexer 'elastic'" in indexer.stderr



# -- sort=relevance (SortByScore) ---------------------------------------------------------


def _ranked(world: Forge, q: str) -> list[int]:
    return [int(i["number"]) for i in world.get(ISSUES, params={"q": q, "sort": "relevance"})]


def test_relevance_ranks_an_issue_matching_more_words_first_with_bleve(world: Forge) -> None:
    near = world.issue("Wishlist API endpoint")
    crowd = [world.issue(f"Wishlist icon {n}") for n in range(3)]
    body = world.issue("Notes", "the API of the wishlist")  # two words, not in its title
    assert _ranked(world, "api endpoint wishlist") == [near, body, *reversed(crowd)]
    # Without `sort`, the newest first, as always.
    newest = [int(i["number"]) for i in world.get(ISSUES, params={"q": "wishlist"})]
    assert newest == [body, *reversed(crowd), near]


def test_the_db_indexer_has_no_score_and_answers_newest_first(db_world: Forge) -> None:
    near = db_world.issue("Wishlist API endpoint")
    later = db_world.issue("Wishlist icon")
    assert _ranked(db_world, "api endpoint wishlist") == [later, near]
