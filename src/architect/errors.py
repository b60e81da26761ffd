"""The one error tree of architect.

::

    ArchitectError
    ├── ConfigError              bad or missing configuration        → exit 2
    ├── ForgeError               anything the forge did not do
    │   ├── ForgeUnavailable     connection refused, timeout, 5xx     → exit 1 (a later tick
    │   │                                                                 may cure it)
    │   └── ForgeRefused         a 4xx: the request itself is wrong   → exit 1, the message
    │       │                                                             says what to fix
    │       ├── ForgeAuthError        401: the token is invalid
    │       ├── ForgePermissionError  403: the token lacks a right
    │       ├── ForgeNotFound         404: the thing does not exist (or is invisible)
    │       ├── ForgeConflict         409: it exists already / sha mismatch
    │       └── ForgeValidation       422: the forge rejected the body
    ├── RunnerError              the model side
    │   ├── RunnerUnavailable    binary, key or URL missing            → exit 2 before a tick
    │   ├── RunnerFailed         the model run failed (API error, timeout, max turns)
    │   │   └── BudgetExhausted  `max_cost_per_tick` is reached: no more calls this tick
    │   ├── InvalidModelOutput   the answer did not validate twice; the action is skipped
    │   │                        (`step` names the model call that failed)
    │   └── ModelNotAsked        a dry run reached a step only a paid model can take

Adapters translate outside exceptions with ``raise … from exc``; only the CLI
maps these to exit codes and messages. No message ever contains a secret: the
forge client and the runners build messages from status codes, paths and the
forge's own error text, never from request headers.
"""

from __future__ import annotations


class ArchitectError(Exception):
    """Base of every error architect raises on purpose."""

    exit_code = 1


class ConfigError(ArchitectError):
    """The configuration is wrong; the message names the key, the file and the fix."""

    exit_code = 2


class ForgeError(ArchitectError):
    """The forge did not do what was asked."""


class ForgeUnavailable(ForgeError):
    """The forge could not be reached or answered 5xx after the retries."""


class ForgeRefused(ForgeError):
    """The forge answered with a 4xx; retrying the same request will not help."""

    def __init__(self, message: str, *, status: int, method: str, path: str) -> None:
        super().__init__(message)
        self.status = status
        self.method = method
        self.path = path


class ForgeAuthError(ForgeRefused):
    """401: the token is missing, invalid or expired."""

    exit_code = 2


class ForgePermissionError(ForgeRefused):
    """403: the token is valid but lacks a right (scope or repo permission)."""


class ForgeNotFound(ForgeRefused):
    """404: the repo, issue, branch or file does not exist (or is not visible)."""


class ForgeConflict(ForgeRefused):
    """409: the thing exists already, or a file's sha is stale."""


class ForgeValidation(ForgeRefused):
    """422 (or 400): the forge rejected the request body."""


class RunnerError(ArchitectError):
    """The model side failed."""


class RunnerUnavailable(RunnerError):
    """The runner cannot run at all: a binary, key or URL is missing."""

    exit_code = 2


class RunnerFailed(RunnerError):
    """One model run failed; the action is skipped and a later tick retries."""


class BudgetExhausted(RunnerFailed):
    """`max_cost_per_tick` is reached: no more model calls this tick."""


class InvalidModelOutput(RunnerError):
    """The model's answer did not validate, even after it was shown the error once."""

    step: str = ""  # the mode of the call that failed, set by whoever asked


class ModelNotAsked(RunnerError):
    """A dry run stops where the next step depends on what a paid model would answer."""

    def __init__(self, step: str) -> None:
        super().__init__(f"the model's {step} answer")
        self.step = step
