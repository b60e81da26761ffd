"""The one error tree of architect.

::

    ArchitectError
    ├── ConfigError              bad or missing configuration        → exit 2
    │   ├── ForgeSchemeMismatch  https:// against a plain-HTTP forge, or the reverse
    │   └── LocalStateError      the state dir, log dir or run lock is not usable
    ├── ForgeError               anything the forge did not do
    │   ├── ForgeFileNotText     a file the forge returned is not UTF-8 text
    │   ├── ForgeUnavailable     connection refused, timeout, 5xx     → exit 1 (a later tick
    │   │   │                                                             may cure it)
    │   │   └── ForgeRateLimited GitHub's rate limit is spent until `resumes_at`
    │   └── ForgeRefused         a 4xx: the request itself is wrong   → exit 1, the message
    │       │                                                             says what to fix
    │       ├── ForgeAuthError        401: the token is invalid
    │       ├── ForgePermissionError  403: the token lacks a right
    │       ├── ForgeNotFound         404: the thing does not exist (or is invisible)
    │       │   ├── ForgeRepoMissing  a configured repo does not exist   → exit 2
    │       │   └── ForgeRepoEmpty    "Git Repository is empty"          → exit 2
    │       ├── ForgeConflict         409: it exists already / sha mismatch
    │       └── ForgeValidation       422: the forge rejected the body
    ├── RunnerError              the model side
    │   ├── RunnerUnavailable    binary, key or URL missing            → exit 2 before a tick
    │   ├── RunnerFailed         the model run failed (API error, timeout, max turns)
    │   │   ├── ModelOverloaded  429/529 outlasted the retries: deferred, no note
    │   │   ├── ModelTimedOut    no answer within model_timeout: deferred, no note
    │   │   └── BudgetExhausted  `max_cost_per_tick` is reached: no more calls this tick
    │   ├── InvalidModelOutput   the answer did not validate twice; the action is skipped
    │   │   │                    (`step` names the model call that failed)
    │   │   ├── ModelRefused     the model declined to answer (a note says so)
    │   │   ├── AnswerCutOff     the answer hit the token limit, twice (a note says so)
    │   │   ├── StillOverloaded  ModelOverloaded for several ticks in a row (a note says so)
    │   │   └── StillTimingOut   ModelTimedOut for several ticks in a row (a note says so)
    │   └── ModelNotAsked        a dry run reached a step only a paid model can take

A runner error carries what the failed run spent (`usage`, `calls`): a billed
call counts in the tick's usage and budget even when its answer is unusable.
`explanation` is the sentence a note on the forge tells humans.

Adapters translate outside exceptions with ``raise … from exc``; only the CLI
maps these to exit codes and messages. No message ever contains a secret: the
forge client and the runners build messages from status codes, paths and the
forge's own error text, never from request headers.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from architect.values import Usage


class ArchitectError(Exception):
    """Base of every error architect raises on purpose."""

    exit_code = 1


class ConfigError(ArchitectError):
    """The configuration is wrong; the message names the key, the file and the fix."""

    exit_code = 2


class ForgeSchemeMismatch(ConfigError):
    """`forge_url` says https:// and the forge speaks plain HTTP, or the reverse.

    Retrying cannot help, so it is never treated as a forge that is down.
    """


class LocalStateError(ConfigError):
    """The local state is broken (a state dir that is a file, a lock that is a directory):
    the message names the path and the fix."""


class ForgeError(ArchitectError):
    """The forge did not do what was asked."""


class ForgeFileNotText(ForgeError):
    """A file read through the contents API is not UTF-8 text (a reader may skip it)."""


class ForgeUnavailable(ForgeError):
    """The forge could not be reached or answered 5xx after the retries."""


class ForgeRateLimited(ForgeUnavailable):
    """The forge's rate limit is spent: nothing more is sent before `resumes_at`.

    Raised before a request leaves, so a tick stops between two actions."""

    def __init__(self, message: str, *, resumes_at: datetime | None) -> None:
        super().__init__(message)
        self.resumes_at = resumes_at


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


class ForgeRepoMissing(ForgeNotFound):
    """A repository of the project file does not exist, or the token cannot see it."""

    exit_code = 2


class ForgeRepoEmpty(ForgeNotFound):
    """The repository has no commit yet (Forgejo: "Git Repository is empty")."""

    exit_code = 2


class ForgeConflict(ForgeRefused):
    """409: the thing exists already, or a file's sha is stale."""


class ForgeValidation(ForgeRefused):
    """422 (or 400): the forge rejected the request body."""


class RunnerError(ArchitectError):
    """The model side failed."""

    usage: Usage | None = None  # what the failed run was billed, when known
    calls: int = 0  # the billed model calls of the failed run

    def spent(self, usage: Usage | None, calls: int) -> RunnerError:
        """This error, carrying what the run spent before it failed."""
        self.usage = usage
        self.calls = calls
        return self


class RunnerUnavailable(RunnerError):
    """The runner cannot run at all: a binary, key or URL is missing."""

    exit_code = 2


class RunnerFailed(RunnerError):
    """One model run failed; the action is skipped and a later tick retries."""


class ModelOverloaded(RunnerFailed):
    """429 or 529 after the runner's retries: the action waits for a later tick."""


class ModelTimedOut(RunnerFailed):
    """No answer within `model_timeout` (a runaway answer, a slow server): the call was
    cancelled; the action waits for a later tick."""


class BudgetExhausted(RunnerFailed):
    """`max_cost_per_tick` is reached: no more model calls this tick."""


class InvalidModelOutput(RunnerError):
    """The model's answer did not validate, even after it was shown the error once."""

    step: str = ""  # the mode of the call that failed, set by whoever asked
    explanation = "the model's answer was not valid, twice, so nothing was changed"
    # What happened, in a clause after "the model …" ("its answer was invalid twice: <why>").
    what = "its answer was invalid twice"


class ModelRefused(InvalidModelOutput):
    """The model declined to answer (Anthropic `stop_reason: refusal`, OpenAI `refusal`)."""

    what = "it refused"
    explanation = (
        "the model refused to answer, so nothing was changed. A request in other words, "
        "or a narrower one, may go through"
    )


class AnswerCutOff(InvalidModelOutput):
    """The answer hit the output token limit, even when asked again with more room."""

    what = "its answer was cut off twice"
    explanation = (
        "the answer was cut off at the model's output limit, even with more room, so "
        "nothing was changed. Asking for less (fewer questions, a smaller sprint) helps"
    )


class StillOverloaded(InvalidModelOutput):
    """The API was overloaded for several ticks in a row on the same PR: humans should know."""

    what = "its API stayed overloaded"

    explanation = (
        "the model's API has been overloaded (HTTP 429/502/503/529) for several ticks in a "
        "row, so "
        "nothing was changed. The provider's status page or your plan's rate limits say why"
    )


class StillTimingOut(InvalidModelOutput):
    """The model ran past `model_timeout` for several ticks in a row on the same PR."""

    what = "its answer kept running past model_timeout"

    explanation = (
        "the model gave no answer within `model_timeout` for several ticks in a row (a small "
        "model can run on without end), so nothing was changed. Raise `[architect]."
        "model_timeout`, or use a larger or faster model"
    )


class ModelNotAsked(RunnerError):
    """A dry run stops where the next step depends on what a paid model would answer."""

    def __init__(self, step: str) -> None:
        super().__init__(f"the model's {step} answer")
        self.step = step
