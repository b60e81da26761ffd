"""What a user reads in the log, and what nobody ever reads there: a secret."""

from __future__ import annotations

import io
import json
import logging
import os
import stat
import sys
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest

from architect.redaction import Redactor
from architect.shell.logs import (
    JsonFormatter,
    RedactingFilter,
    TextFormatter,
    _PrivateFileHandler,
    log_project,
    setup_logging,
    teardown_logging,
)

TOKEN = "9f8e7d6c5b4a39281706f5e4d3c2b1a098765432"
API_KEY = "sk-ant-api03-QWERTYzxcv/+=1234"
HOOK = "webhook secret with spaces"
SECRETS = [TOKEN, API_KEY, HOOK]
NOON = datetime(2026, 11, 25, 22, 0, 0, 700000, tzinfo=UTC).timestamp()


@pytest.fixture(autouse=True)
def clean_logger() -> Iterator[None]:
    yield
    teardown_logging()


def record(msg: str, *args: object, level: int = logging.INFO) -> logging.LogRecord:
    rec = logging.LogRecord("architect", level, __file__, 1, msg, args or None, None)
    rec.created = NOON
    return rec


def test_a_line_is_a_utc_timestamp_in_whole_seconds_then_the_message() -> None:
    line = TextFormatter(Redactor([])).format(record("PR #%d: approved → start questions", 12))

    assert line == "[2026-11-25T22:00:00Z] architect: PR #12: approved → start questions"


def test_a_line_can_name_the_project_and_says_when_it_is_not_info() -> None:
    line = TextFormatter(Redactor([]), "myproj").format(
        record("forge unavailable", level=logging.WARNING)
    )

    assert line == "[2026-11-25T22:00:00Z] architect: myproj: warning: forge unavailable"


def test_lines_inside_log_project_name_it() -> None:
    formatter = TextFormatter(Redactor([]))
    with log_project("shop"):
        inside = formatter.format(record("PR #1: merged"))
        as_json = json.loads(JsonFormatter(Redactor([])).format(record("PR #1: merged")))
    outside = formatter.format(record("PR #1: merged"))

    assert inside == "[2026-11-25T22:00:00Z] architect: shop: PR #1: merged"
    assert as_json["project"] == "shop"
    assert outside == "[2026-11-25T22:00:00Z] architect: PR #1: merged"


def test_a_json_line_carries_the_fields_and_the_extras() -> None:
    rec = record("PR #12: approved")
    rec.pr = 12
    rec.action = "start questions"

    line = JsonFormatter(Redactor([]), "myproj").format(rec)

    assert json.loads(line) == {
        "ts": "2026-11-25T22:00:00Z",
        "level": "info",
        "project": "myproj",
        "msg": "PR #12: approved",
        "pr": 12,
        "action": "start questions",
    }


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (f"token is {TOKEN}.", "token is [redacted]."),
        (f"Authorization: token {TOKEN}", "Authorization: token [redacted]"),
        ("authorization: Bearer abc.def-ghi", "authorization: Bearer [redacted]"),
        ("{'Authorization': 'token unknownvalue'}", "{'Authorization': 'token [redacted]'}"),
        ("sent Bearer eyJhbGciOiJIUzI1NiJ9.e30", "sent Bearer [redacted]"),
        ("FORGE_TOKEN=unknown-value make run", "FORGE_TOKEN=[redacted] make run"),
        ('OPENAI_API_KEY="sk-unknown" x', 'OPENAI_API_KEY="[redacted]" x'),
        ("GET /api/v1/user?token=abc123&page=2", "GET /api/v1/user?token=[redacted]&page=2"),
        ("GET /x?page=2&access_token=abc123", "GET /x?page=2&access_token=[redacted]"),
        ("clone http://bot:hunter22@forge:3000/o/r.git", "clone http://[redacted]@forge:3000/o/r.git"),
        ("clone https://abcdef@forge/o/r.git", "clone https://[redacted]@forge/o/r.git"),
        ('{"api_key": "k-unknown", "n": 1}', '{"api_key": "[redacted]", "n": 1}'),
        (
            "key " + API_KEY.replace("/", "%2F").replace("+", "%2B").replace("=", "%3D"),
            "key [redacted]",
        ),
        (json.dumps({"s": HOOK}), '{"s": "[redacted]"}'),
    ],
)
def test_secrets_are_masked_by_value_and_by_shape(text: str, expected: str) -> None:
    assert Redactor(SECRETS, shapes=True).redact(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "no forge token: set FORGE_ARCHITECT_TOKEN to an access token",
        "the token lacks the write:issue right",
        "max_tokens=4096 context_budget_tokens = 16000",
        "see http://localhost:3000/o/r/pulls/12 and mail a@b.example",
        "Bearer of bad news",
    ],
)
def test_ordinary_text_is_left_alone(text: str) -> None:
    assert Redactor(SECRETS, shapes=True).redact(text) == text


def test_a_too_short_secret_is_not_used_to_mask_text() -> None:
    assert Redactor(["ab"]).redact("about a tab") == "about a tab"


def fail_with(message: str) -> None:
    raise RuntimeError(message)


def log_everything(logger: logging.Logger) -> None:
    logger.info("token %s", TOKEN)
    logger.info("headers %s", {"Authorization": f"token {TOKEN}"})
    logger.warning("calling http://architect-bot:%s@forge/api/v1/user", TOKEN)
    logger.info("GET /api/v1/repos?access_token=%s&limit=50", TOKEN)
    logger.info("env FORGE_ARCHITECT_TOKEN=%s ANTHROPIC_API_KEY=%s", TOKEN, API_KEY)
    logger.info("secret %s", HOOK, extra={"key": API_KEY, "nested": {"t": [TOKEN]}})
    logging.getLogger("architect.forge").info("child logger: Bearer %s", TOKEN)
    try:
        fail_with(f"request with Authorization: token {TOKEN} refused ({API_KEY})")
    except RuntimeError:
        logger.exception("tick failed")
    logger.info("done", stack_info=True)


@pytest.mark.parametrize("as_json", [False, True])
def test_no_secret_reaches_stderr_or_the_file(tmp_path: Path, as_json: bool) -> None:
    stderr = io.StringIO()
    log_file = tmp_path / "logs" / "architect" / "architect.log"
    logger = setup_logging(log_file=log_file, json=as_json, secrets=SECRETS, stream=stderr)

    log_everything(logger)

    written = log_file.read_text(encoding="utf-8")
    shown = stderr.getvalue()
    for text in (written, shown):
        for secret in (TOKEN, API_KEY, HOOK, TOKEN[:20], "QWERTYzxcv"):
            assert secret not in text
        assert "tick failed" in text
        assert (
            "RuntimeError: request with Authorization: token [redacted] refused ([redacted])"
            in text
        )
        assert "child logger: Bearer [redacted]" in text
    assert len(written.splitlines()) > 10  # the tracebacks are there too
    if as_json:
        lines = [json.loads(line) for line in shown.splitlines()]
        assert [line["msg"] for line in lines][:2] == [
            "token [redacted]",
            "headers {'Authorization': 'token [redacted]'}",
        ]
        assert lines[5]["key"] == "[redacted]"
        assert lines[5]["nested"] == {"t": ["[redacted]"]}


def test_the_file_is_private(tmp_path: Path) -> None:
    log_file = tmp_path / "state" / "logs" / "architect" / "architect.log"

    setup_logging(log_file=log_file, json=False, secrets=[], stream=io.StringIO())

    assert stat.S_IMODE(log_file.stat().st_mode) == 0o600
    for directory in (log_file.parent, log_file.parent.parent, tmp_path / "state"):
        assert stat.S_IMODE(directory.stat().st_mode) == 0o700


def test_an_existing_wider_file_is_made_private(tmp_path: Path) -> None:
    log_file = tmp_path / "architect.log"
    log_file.write_text("old line\n")
    log_file.chmod(0o644)

    logger = setup_logging(log_file=log_file, json=False, secrets=[], stream=io.StringIO())
    logger.info("new line")

    assert stat.S_IMODE(log_file.stat().st_mode) == 0o600
    assert log_file.read_text().startswith("old line\n[")


def test_rotated_files_are_private_too(tmp_path: Path) -> None:
    log_file = tmp_path / "architect.log"
    old_umask = os.umask(0o022)
    handler = _PrivateFileHandler(log_file, maxBytes=200, backupCount=2, encoding="utf-8")
    try:
        logger = logging.getLogger("architect.test-rotation")
        logger.addHandler(handler)
        for n in range(20):
            logger.warning("line %d of a log that grows past its size", n)
    finally:
        logging.getLogger("architect.test-rotation").removeHandler(handler)
        handler.close()
        os.umask(old_umask)

    files = sorted(tmp_path.glob("architect.log*"))
    assert [f.name for f in files] == ["architect.log", "architect.log.1", "architect.log.2"]
    assert {stat.S_IMODE(f.stat().st_mode) for f in files} == {0o600}


def test_setting_up_twice_does_not_duplicate_lines(tmp_path: Path) -> None:
    first, second = io.StringIO(), io.StringIO()
    log_file = tmp_path / "architect.log"
    setup_logging(log_file=log_file, json=False, secrets=[], stream=first)
    logger = setup_logging(log_file=log_file, json=False, secrets=[], stream=second)

    logger.info("once")

    assert first.getvalue() == ""
    assert second.getvalue().count("once") == 1
    assert log_file.read_text().count("once") == 1
    assert len(logger.handlers) == 2


def test_teardown_removes_what_setup_added(tmp_path: Path) -> None:
    logger = logging.getLogger("architect")
    foreign = logging.NullHandler()
    logger.addHandler(foreign)
    try:
        setup_logging(log_file=tmp_path / "a.log", json=True, secrets=[], stream=io.StringIO())
        teardown_logging()

        assert logger.handlers == [foreign]
        assert logger.propagate is True
        assert logger.level == logging.NOTSET
    finally:
        logger.removeHandler(foreign)


def test_debug_lines_only_when_verbose() -> None:
    quiet, loud = io.StringIO(), io.StringIO()
    setup_logging(log_file=None, json=False, secrets=[], stream=quiet).debug("detail")
    setup_logging(log_file=None, json=False, secrets=[], stream=loud, verbose=True).debug("detail")

    assert quiet.getvalue() == ""
    assert loud.getvalue().endswith("architect: debug: detail\n")


def test_records_do_not_leak_to_the_root_logger() -> None:
    seen = io.StringIO()
    root_handler = logging.StreamHandler(seen)
    logging.getLogger().addHandler(root_handler)
    try:
        logger = setup_logging(log_file=None, json=False, secrets=[TOKEN], stream=io.StringIO())
        logger.info("token %s", TOKEN)
    finally:
        logging.getLogger().removeHandler(root_handler)

    assert seen.getvalue() == ""


def test_the_default_stream_is_stderr_at_the_time_of_the_call(
    capsys: pytest.CaptureFixture[str],
) -> None:
    setup_logging(log_file=None, json=False, secrets=[TOKEN], verbose=False).info("hi %s", TOKEN)

    assert capsys.readouterr().err.endswith("architect: hi [redacted]\n")


def test_the_filter_alone_masks_a_record_for_any_formatter() -> None:
    seen = io.StringIO()
    handler = logging.StreamHandler(seen)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s %(key)s"))
    handler.addFilter(RedactingFilter(Redactor([TOKEN])))
    logger = logging.getLogger("architect.test-filter")
    logger.addHandler(handler)
    logger.propagate = False
    try:
        fail_with(f"boom {TOKEN}")
    except RuntimeError:
        logger.exception("failed with %s", TOKEN, extra={"key": TOKEN})
    finally:
        logger.removeHandler(handler)
        logger.propagate = True

    assert TOKEN not in seen.getvalue()
    assert seen.getvalue().startswith("ERROR failed with [redacted] [redacted]\nTraceback")
    assert "RuntimeError: boom [redacted]" in seen.getvalue()


@pytest.mark.parametrize("formatter", [TextFormatter, JsonFormatter])
def test_the_formatters_alone_mask_messages_and_tracebacks(
    formatter: type[TextFormatter] | type[JsonFormatter],
) -> None:
    try:
        fail_with(f"boom {TOKEN}")
    except RuntimeError:
        rec = logging.LogRecord(
            "architect", logging.ERROR, __file__, 1, "failed: %s", (TOKEN,), sys.exc_info()
        )

    line = formatter(Redactor([TOKEN])).format(rec)

    assert TOKEN not in line
    assert "failed: [redacted]" in line
    assert "RuntimeError: boom [redacted]" in line


def test_a_handler_added_after_setup_sees_records_already_masked() -> None:
    logger = setup_logging(log_file=None, json=False, secrets=[TOKEN], stream=io.StringIO())
    seen = io.StringIO()
    foreign = logging.StreamHandler(seen)
    logger.addHandler(foreign)
    try:
        logger.info("token %s", TOKEN)
    finally:
        logger.removeHandler(foreign)

    assert seen.getvalue() == "token [redacted]\n"
