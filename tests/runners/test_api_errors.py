"""The short text of a model API's error (`runners.api_errors`)."""

from __future__ import annotations

from architect.runners.api_errors import api_error_text


def test_the_type_and_message_of_either_providers_error_shape() -> None:
    anthropic = {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}}
    assert api_error_text(anthropic, "HTTP 529") == "overloaded_error: Overloaded"
    openai = {"error": {"message": "Rate limit reached", "type": None, "code": "rate_limit"}}
    assert api_error_text(openai, "HTTP 429") == "error: Rate limit reached"
    assert api_error_text({"message": "bare", "type": "t"}, "x") == "t: bare"


def test_anything_else_is_the_fallback_cut_short() -> None:
    assert api_error_text("<html>502</html>", "HTTP 502") == "HTTP 502"
    assert api_error_text({"error": "text"}, "HTTP 400") == "HTTP 400"
    assert api_error_text(None, "x" * 500) == "x" * 300
    assert len(api_error_text({"error": {"message": "m" * 400}}, "")) == 300
