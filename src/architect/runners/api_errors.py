"""The short text of an HTTP model API's error, for the log and the note on the forge."""

from __future__ import annotations


def api_error_text(body: object, fallback: str) -> str:
    """`type: message` of an HTTP API's error body, short (Anthropic and OpenAI shapes)."""
    if isinstance(body, dict):
        error = body.get("error", body)
        if isinstance(error, dict) and error.get("message"):
            return f"{error.get('type') or 'error'}: {error['message']}"[:300]
    return fallback[:300]
