"""`architect forge`'s options (`emulator.server`): durations and the indexer, a bad one
named by its option."""

from __future__ import annotations

from datetime import timedelta

import pytest

from architect.emulator.server import settings_from_options


def test_the_options_become_the_forges_settings() -> None:
    settings = settings_from_options("db", "2s", "1m")
    assert (settings.issue_indexer, settings.index_delay, settings.merge_check) == (
        "db", timedelta(seconds=2), timedelta(minutes=1))
    default = settings_from_options("bleve", None, None)
    assert default.index_delay == default.merge_check == timedelta(0)


def test_a_bad_option_is_named() -> None:
    with pytest.raises(ValueError, match=r"^--index-delay: "):
        settings_from_options("bleve", "soon", None)
    with pytest.raises(ValueError, match=r"^--merge-check: "):
        settings_from_options("bleve", None, "-3")
    with pytest.raises(ValueError, match="unknown issue indexer 'solr'"):
        settings_from_options("solr", None, None)
