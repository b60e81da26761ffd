"""The log: one line per decision and action, on stderr and in a private file.

::

    [2026-11-25T22:00:00Z] architect: PR #12: approved → start questions
    [2026-11-25T22:00:03Z] architect: warning: forge unavailable, retrying next tick

With a project name the line reads ``architect: myproj: …``. In ``--json``
mode stderr carries one JSON object a line (``ts``, ``level``, ``project``,
``msg``, the record's ``extra=`` fields, ``exc``); the file always keeps the
plain lines, so one file never mixes two formats.

Nothing a secret: every handler redacts each record (message, arguments,
extra fields, traceback) before any formatter sees it, and the formatters
redact their output once more (`architect.redaction`: by value, every secret
the process knows, and by shape, for secrets it was not told about).
"""

from __future__ import annotations

import json as jsonlib
import logging
import os
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager, contextmanager
from contextvars import ContextVar
from io import TextIOWrapper
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any, TextIO, TypeVar

from architect.redaction import Redactor

LOGGER_NAME = "architect"
MAX_LOG_BYTES = 10 * 1024 * 1024
LOG_BACKUPS = 3


_STANDARD = frozenset(logging.LogRecord("", 0, "", 0, "", None, None).__dict__) | {
    "message",
    "asctime",
    "taskName",
}


def extra_fields(record: logging.LogRecord) -> dict[str, Any]:
    """The fields a caller passed with ``extra=``."""
    return {k: v for k, v in record.__dict__.items() if k not in _STANDARD}


class RedactingFilter(logging.Filter):
    """Redacts a record in place, so that every later handler and formatter sees it masked."""

    def __init__(self, redactor: Redactor) -> None:
        super().__init__()
        self.redactor = redactor

    def filter(self, record: logging.LogRecord) -> bool:
        record.msg = self.redactor.redact(_message(record))
        record.args = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = self.redactor.redact(record.exc_text)
        if record.stack_info:
            record.stack_info = self.redactor.redact(record.stack_info)
        for key, value in extra_fields(record).items():
            setattr(record, key, self.redactor.redact_value(value))
        return True


def _message(record: logging.LogRecord) -> str:
    try:
        return record.getMessage()
    except (TypeError, ValueError):  # arguments that do not fit the format string
        return f"{record.msg} {record.args!r}"


T = TypeVar("T")
# The project a line belongs to, when one process ticks several (`architect loop`).
_PROJECT: ContextVar[str | None] = ContextVar("architect_project", default=None)


@contextmanager
def _holding(var: ContextVar[T], value: T) -> Iterator[None]:
    """`var` is `value` inside, and back to what it was after."""
    token = var.set(value)
    try:
        yield
    finally:
        var.reset(token)


def log_project(name: str) -> AbstractContextManager[None]:
    """Lines logged inside carry the project's name."""
    return _holding(_PROJECT, name)


def _timestamp(record: logging.LogRecord) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(record.created))


def _details(record: logging.LogRecord) -> str:
    exc = record.exc_text or (
        logging.Formatter().formatException(record.exc_info) if record.exc_info else ""
    )
    return "\n".join(part for part in (exc, record.stack_info or "") if part)


class TextFormatter(logging.Formatter):
    def __init__(self, redactor: Redactor, project: str | None = None) -> None:
        super().__init__()
        self.redactor = redactor
        self.prefix = f"architect: {project}: " if project else "architect: "

    def format(self, record: logging.LogRecord) -> str:
        level = "" if record.levelno == logging.INFO else f"{record.levelname.lower()}: "
        current = _PROJECT.get()
        prefix = f"architect: {current}: " if current else self.prefix
        line = f"[{_timestamp(record)}] {prefix}{level}{_message(record)}"
        details = _details(record)
        return self.redactor.redact(f"{line}\n{details}" if details else line)


class JsonFormatter(logging.Formatter):
    def __init__(self, redactor: Redactor, project: str | None = None) -> None:
        super().__init__()
        self.redactor = redactor
        self.project = project

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "ts": _timestamp(record),
            "level": record.levelname.lower(),
            "project": _PROJECT.get() or self.project,
            "msg": self.redactor.redact(_message(record)),
        }
        for key, value in extra_fields(record).items():
            line.setdefault(key, self.redactor.redact_value(value))
        details = _details(record)
        if details:
            line["exc"] = self.redactor.redact(details)
        return self.redactor.redact(jsonlib.dumps(line, ensure_ascii=False, default=str))


# --- what a step did ------------------------------------------------------------------

# A step logs what it did ("PR #3: merged") on this child logger. In a dry run nothing
# was done, so the line must say what would be: one filter here rather than an `if` at
# every call site, keyed on a ContextVar so that the ticks of a loop's other projects
# (threads) are not affected.
OUTCOME_LOGGER = f"{LOGGER_NAME}.outcome"
_DRY_RUN: ContextVar[bool] = ContextVar("architect_dry_run", default=False)


class _WouldFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        if _DRY_RUN.get():
            record.msg = f"would: {record.msg}"
        return True


outcome_log = logging.getLogger(OUTCOME_LOGGER)
outcome_log.addFilter(_WouldFilter())


def dry_run_outcomes(dry_run: bool) -> AbstractContextManager[None]:
    """Inside, with `dry_run`, every line on `outcome_log` starts with "would: "."""
    return _holding(_DRY_RUN, dry_run)


# --- the file ------------------------------------------------------------------------


def make_private_dir(path: Path) -> None:
    """Create `path` and its missing parents as 0700."""
    missing = [p for p in (path, *path.parents) if not p.exists()]
    path.mkdir(parents=True, exist_ok=True)
    for created in missing:
        created.chmod(0o700)


def _open_private(path: str) -> int:
    return os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)


class _PrivateFileHandler(RotatingFileHandler):
    """A rotating log whose every file, old or new, is created 0600."""

    def _open(self) -> TextIOWrapper:
        return open(
            _open_private(self.baseFilename), "a", encoding=self.encoding, errors=self.errors
        )


class _StreamHandler(logging.StreamHandler[TextIO]):
    """Ours, so that `teardown_logging` removes exactly what `setup_logging` added."""


_OURS = (_PrivateFileHandler, _StreamHandler)


def setup_logging(
    *,
    log_file: Path | None,
    json: bool,
    secrets: Sequence[str],
    verbose: bool = False,
    stream: TextIO | None = None,
    project: str | None = None,
) -> logging.Logger:
    """Configure the "architect" logger; calling it again replaces, never duplicates.

    `stream` defaults to the `sys.stderr` of the moment of the call.
    """
    logger = teardown_logging()
    logger.setLevel(logging.DEBUG if verbose else logging.INFO)
    logger.propagate = False  # a root handler would print unredacted records
    redactor = Redactor(secrets, shapes=True)
    # In JSON mode the project has its own field; the file's plain lines stay as they were.
    text = TextFormatter(redactor, None if json else project)
    console = _StreamHandler(stream if stream is not None else sys.stderr)
    console.setFormatter(JsonFormatter(redactor, project) if json else text)
    handlers: list[logging.Handler] = []
    if log_file is not None:
        make_private_dir(log_file.parent)
        os.close(_open_private(str(log_file)))
        log_file.chmod(0o600)  # a file created by an older version may be wider
        to_file = _PrivateFileHandler(
            log_file, maxBytes=MAX_LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8"
        )
        to_file.setFormatter(text)
        handlers.append(to_file)
    # The file first: a kill between the two writes leaves the log, not the terminal,
    # holding the last line (the log holds every line stderr shows).
    handlers.append(console)
    for handler in handlers:
        handler.addFilter(RedactingFilter(redactor))
        logger.addHandler(handler)
    return logger


def teardown_logging() -> logging.Logger:
    """Remove and close the handlers `setup_logging` added; restore the logger's defaults."""
    logger = logging.getLogger(LOGGER_NAME)
    for handler in [h for h in logger.handlers if isinstance(h, _OURS)]:
        logger.removeHandler(handler)
        handler.close()
    logger.setLevel(logging.NOTSET)
    logger.propagate = True
    return logger
