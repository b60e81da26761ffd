"""What the HTTP API runners (`anthropic`, `openai`) share: one call's flow.

A call opens the SDK's client and a copy of the code, counts overloaded runs,
asks through `answer_with_retry` (the cut-off retry with twice the room),
runs the code tools turn by turn, maps the SDK's errors onto ours, and
charges every billed request to the PR's session. A subclass says only what
differs between the APIs: the client, the request's shape, the tool turns,
and how text and usage are read from a response.

The SDKs are optional extras: `import_sdk` imports one when a runner is used,
never at `architect --help`.
"""

from __future__ import annotations

import importlib
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping
from pathlib import Path
from types import ModuleType
from typing import Any, ClassVar, NotRequired, TypedDict, TypeVar, Unpack

from pydantic import BaseModel

from architect.errors import (
    ModelOverloaded,
    ModelTimedOut,
    RunnerError,
    RunnerFailed,
    RunnerUnavailable,
)
from architect.redaction import redact, secret_values
from architect.runners.api_errors import api_error_text
from architect.runners.base import Limits, ModelRequest, ModelResult, Usage
from architect.runners.code_tools import CodeTools, code_snapshot, documents_in_prompt
from architect.runners.retry import Reply, Stop, answer_with_retry
from architect.runners.sessions import (
    CONTINUES,
    STARTS,
    SessionStore,
    Transcript,
    cap_limits,
    overload_key,
    overload_watch,
)
from architect.runners.wall_clock import (
    Deadline,
    WallClockOut,
    call_within,
    retry_wait,
    retryable,
)

T = TypeVar("T", bound=BaseModel)

# Not billed, and the provider asks us to come back later: the action is deferred.
# 429 rate limited, 529 Anthropic overloaded, 502/503 a gateway or server not ready.
OVERLOADED = frozenset({429, 502, 503, 529})
PROVE_TIMEOUT_S = 30.0


def import_sdk(package: str) -> ModuleType:
    """The SDK of the runner named `package` (its pip extra has the same name)."""
    try:
        return importlib.import_module(package)
    except ImportError as exc:
        raise RunnerUnavailable(
            f"the {package} runner needs the `{package}` package: "
            f"pip install 'architect[{package}]'"
        ) from exc


class RefusedParameterError(Exception):
    """The server refused a parameter; the runner dropped it, try again."""


class RunnerArgs(TypedDict):
    """What every model runner (`claude-cli` too) is built with."""

    model_name: str
    state_dir: Path
    project: str
    env: Mapping[str, str]  # secrets included: the runner picks its key
    repo_root: NotRequired[Path | None]
    limits_cap: NotRequired[Limits | None]


class ApiRunnerArgs(RunnerArgs):
    """What every API runner is built with; each adds its own settings."""

    max_retries: NotRequired[int]  # retries of 408/409/429/5xx, within model_timeout


class ApiRunner(ABC):
    """One model call through a provider's SDK. See the module docstring."""

    name: str
    # `tool_choice` on the last turn a call allows: the model must answer, not call a tool.
    no_tool_choice: ClassVar[Any]

    def __init__(self, *, max_tokens: int, **args: Unpack[ApiRunnerArgs]) -> None:
        self.model_name = args["model_name"]
        self.env = dict(args["env"])
        self.state_dir = Path(args["state_dir"])
        self.project = args["project"]
        self.repo_root = args.get("repo_root")
        self.limits_cap = args.get("limits_cap")
        self.max_retries = args.get("max_retries", 2)
        self.max_tokens = max_tokens
        self.sessions = SessionStore(self.state_dir, self.project)
        self._secrets = secret_values(self.env)

    @property
    @abstractmethod
    def server(self) -> str:
        """The URL the client talks to, as the errors name it."""

    @abstractmethod
    def check_ready(self) -> None: ...

    @abstractmethod
    def _client(self, sdk: ModuleType, timeout_s: float) -> Any:
        """The SDK's client, a context manager."""

    @abstractmethod
    def _create(self, client: Any, params: dict[str, Any]) -> Any:
        """One request; the response as the SDK gives it."""

    @abstractmethod
    def _params(
        self, sdk: ModuleType, request: ModelRequest[Any], tools: CodeTools | None, room: int
    ) -> dict[str, Any]:
        """The request's parameters but its messages; `room` is the output token limit."""

    @abstractmethod
    def _tool_turns(self, response: Any, tools: CodeTools) -> list[dict[str, Any]]:
        """The turns that send back the tools' results; none when the response is the answer."""

    @abstractmethod
    def _reply(self, response: Any, usage: Usage, calls: int) -> Reply:
        """The answer in a response that calls no tool."""

    @abstractmethod
    def _usage(self, response: Any) -> Usage: ...

    def _prompt(self, request: ModelRequest[Any], tools: CodeTools | None) -> str:
        return request.prompt_for(tools is not None)

    def _offers_tools(self, tools: CodeTools | None) -> bool:
        """Whether the requests offer the code tools (a server may have refused them)."""
        return tools is not None

    def _system_turns(self, request: ModelRequest[Any]) -> list[dict[str, Any]]:
        """Turns sent before the conversation's: none where the system text is a parameter."""
        return []

    def _adapt(self, status: int, detail: str) -> bool:
        """Whether the runner dropped what the server refused (so the call is asked again)."""
        return False

    def drop_session(self, session_key: str) -> None:
        self.sessions.drop(session_key)

    # -- `init`: the model proved through the provider's model endpoint (free) ----------

    key_setting: ClassVar[str]  # where the key comes from, as the fix names it
    url_setting: ClassVar[str]  # where the base URL comes from, likewise

    def prove_model(self) -> None:
        """Ask `GET /models/{id}` with the configured key and URL: free, no tokens.

        Raises `RunnerUnavailable` with one line and its fix for a refused key, an
        unreachable or wrong base URL, or a model id the server does not know.
        """
        self.check_ready()
        sdk = import_sdk(self.name)
        client = self._client(sdk, PROVE_TIMEOUT_S).with_options(max_retries=0)
        with client:
            try:
                client.models.retrieve(self.model_name)
            except sdk.NotFoundError as exc:
                self._not_found(sdk, client, exc)
            except sdk.APIConnectionError as exc:
                raise RunnerUnavailable(
                    f"cannot reach {self.server}: fix {self.url_setting}"
                ) from exc
            except (sdk.AuthenticationError, sdk.PermissionDeniedError) as exc:
                raise RunnerUnavailable(
                    f"{self.server} refused the key ({self._detail(exc)}): "
                    f"set {self.key_setting} to a valid key of this provider"
                ) from exc
            except sdk.APIStatusError as exc:
                raise RunnerUnavailable(
                    f"{self.server} answered HTTP {exc.status_code} for model "
                    f"'{self.model_name}' ({self._detail(exc)}): run init again later"
                ) from exc

    def _not_found(self, sdk: ModuleType, client: Any, exc: Any) -> None:
        """A 404: a wrong base URL (the list is 404 too), or an id the server lacks."""
        try:
            known = [m.id for m in client.models.list().data]
        except sdk.APIError:
            raise RunnerUnavailable(
                f"{self.server} is not the API's root (HTTP 404 for /models): "
                f"fix {self.url_setting}"
            ) from exc
        if self.model_name in known:
            return  # a server that lists its models but serves no single one (llama.cpp)
        shown = ", ".join(known[:6]) + (", …" if len(known) > 6 else "")
        raise RunnerUnavailable(
            f"model_name '{self.model_name}' is not a model of {self.server}: set "
            f"[architect] model_name to one it serves ({shown or 'it lists none'})"
        ) from exc

    def _detail(self, exc: Any) -> str:
        return redact(api_error_text(exc.body, exc.message), self._secrets)

    def run(self, request: ModelRequest[T]) -> ModelResult[T]:
        self.check_ready()
        sdk = import_sdk(self.name)
        limits = cap_limits(request.limits, self.limits_cap)
        clock = Deadline(limits.timeout_s)  # the whole call: retries and tool turns too
        with (
            self._client(sdk, limits.timeout_s) as client,
            code_snapshot(
                self.state_dir, self.project, self.repo_root, self.env,
                documents_in_prompt(request),
            ) as tools,
        ):
            return overload_watch(
                self.sessions, overload_key(request), self.name,
                lambda: self._converse(sdk, client, request, limits, tools, clock),
            )  # fmt: skip

    def _converse(
        self,
        sdk: ModuleType,
        client: Any,
        request: ModelRequest[T],
        limits: Limits,
        tools: CodeTools | None,
        clock: Deadline,
    ) -> ModelResult[T]:
        talk = Transcript(
            self.sessions, request.session_key, request.mode, self.name, self.model_name
        )
        prompt = request.prompt
        last = Reply("", Usage())
        read: list[dict[str, Any]] = []  # the tool turns of the last answer, kept for a retry

        def ask(correction: str | None) -> Reply:
            nonlocal last, prompt, read
            # A cut-off answer gets twice the room; a looping one would only loop longer.
            room = self._room(request) * (2 if last.stop is Stop.CUT_OFF else 1)
            while True:
                # Built again after a refusal: what the runner dropped may change the prompt.
                prompt = self._prompt(request, tools)
                messages = talk.messages(prompt)
                if correction is not None:
                    # The retry keeps what the model read: it need not read the code again
                    # (unless the server refused the tools meanwhile: then it reads nothing).
                    kept = read if self._offers_tools(tools) else []
                    messages = with_correction([*messages, *kept], _shown(last), correction)
                try:
                    last, turns = self._exchange(
                        sdk, client, request, messages, limits, tools, room, clock
                    )
                except RefusedParameterError:
                    continue
                read = [*read, *turns]
                talk.charge(last.usage, last.calls)
                return last

        output, usage, answer = answer_with_retry(request.schema, ask)
        talk.keep(prompt, answer)
        stateful = request.mode in STARTS | CONTINUES
        return ModelResult(output, usage, request.session_key if stateful else None, talk.calls)

    def _exchange(
        self,
        sdk: ModuleType,
        client: Any,
        request: ModelRequest[Any],
        messages: list[dict[str, Any]],
        limits: Limits,
        tools: CodeTools | None,
        room: int,
        clock: Deadline,
    ) -> tuple[Reply, list[dict[str, Any]]]:
        """One answer, after as many tool calls as `max_turns` allows; and the tool turns.

        With the code tools, each request marks its newest turn (`_marked`) where
        the API takes cache breakpoints: the next tool turn, or a retry, reads the
        prompt and every earlier result from the cache instead of paying again.
        """
        params = self._params(sdk, request, tools, room)
        turns = [*self._system_turns(request), *messages]
        usage = Usage()
        added: list[dict[str, Any]] = []
        for turn in range(1, limits.max_turns + 1):
            if "tools" in params and turn == limits.max_turns:
                params["tool_choice"] = self.no_tool_choice
            # Only a request a tool turn may extend is worth a breakpoint on its newest turn:
            # writing the cache costs more than plain input (Anthropic: 1.25x).
            sent = self._marked(turns) if "tools" in params else turns
            try:
                response = self._call(sdk, client, {**params, "messages": sent}, limits, clock)
            except RunnerError as exc:  # the tool turns before it were billed
                exc.spent(usage + (exc.usage or Usage()), turn - 1 + exc.calls)
                raise
            usage = usage + self._usage(response)
            results = [] if tools is None else self._tool_turns(response, tools)
            if not results:
                return self._reply(response, usage, turn), added
            turns, added = [*turns, *results], [*added, *results]
        raise RunnerFailed(f"{self.name}: no answer within {limits.max_turns} turns")

    def _marked(self, turns: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """The turns as sent: with a cache breakpoint where the API wants one (none here)."""
        return turns

    def _room(self, request: ModelRequest[Any]) -> int:
        """The output token limit of the request's first answer."""
        return self.max_tokens

    def _attempt(self, client: Any, params: dict[str, Any], left: float) -> Any:
        """One request, given the time left; cancelled (its connection closed) when it runs out."""
        once = client.with_options(timeout=left, max_retries=0)
        return call_within(lambda: self._create(once, params), left, once.close)

    def _call(
        self, sdk: ModuleType, client: Any, params: dict[str, Any], limits: Limits,
        clock: Deadline,
    ) -> Any:
        """One request within the call's deadline, retried (not past it) when the server
        is busy or unreachable; never after a timeout. See `wall_clock`."""
        for attempt in range(self.max_retries + 1):
            left = clock.left()
            spent = (f"{self.name}: no answer within {limits.timeout_s:g}s "
                     "(model_timeout, for the whole call")  # fmt: skip
            if left <= 0:  # the earlier turns, retries or a correction took it all
                raise ModelTimedOut(f"{spent}: no time left for the next request)")
            try:
                return self._attempt(client, params, left)
            except (WallClockOut, sdk.APITimeoutError) as exc:
                raise ModelTimedOut(
                    f"{spent}: {attempt + 1} request(s), the last one cancelled, not retried)"
                ).spent(None, 1) from exc
            except sdk.APIConnectionError as exc:
                failure: Exception = RunnerFailed(f"{self.name}: cannot reach {self.server}")
                failure.__cause__, headers = exc, None
            except sdk.APIStatusError as exc:
                detail = redact(api_error_text(exc.body, exc.message), self._secrets)
                if self._adapt(exc.status_code, detail):
                    raise RefusedParameterError from exc
                error = ModelOverloaded if exc.status_code in OVERLOADED else RunnerFailed
                failure = error(f"{self.name}: HTTP {exc.status_code}: {detail}")
                failure.__cause__, headers = exc, exc.response.headers
                if not retryable(exc.status_code):
                    raise failure from exc
            wait = retry_wait(attempt, headers)
            if attempt == self.max_retries or wait >= clock.left():
                raise failure
            time.sleep(wait)
        raise AssertionError("unreachable: the last attempt raises")  # pragma: no cover


def with_correction(
    turns: list[dict[str, Any]], bad: str, correction: str
) -> list[dict[str, Any]]:
    """The turns of a retry: the bad answer shown (when there is one), then the correction.

    APIs reject an empty assistant turn, so a refused or cut-off answer is not
    shown; the correction then joins the last user turn when that is plain text.
    """
    if bad.strip():
        return [*turns, {"role": "assistant", "content": bad},
                {"role": "user", "content": correction}]  # fmt: skip
    last = turns[-1]
    if last.get("role") == "user" and isinstance(last.get("content"), str):
        return [*turns[:-1], {**last, "content": f"{last['content']}\n\n{correction}"}]
    return [*turns, {"role": "user", "content": correction}]


def _shown(reply: Reply) -> str:
    """The earlier answer to show the model on a retry: none when it was cut off or refused."""
    return str(reply.payload) if reply.stop is Stop.DONE else ""
