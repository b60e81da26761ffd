"""Whether a vision may be pitched, and why: a value (worked out by `rules.pitchable`)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Eligibility:
    ok: bool
    reason: str
    rejection_reason: str = ""
