"""The messages an embed posts to its host page (``window.parent.postMessage``).

Every message is a plain JSON object with a ``type`` starting ``skyjo:`` and the
``id`` the host gave in the URL (``?id=left``; empty when none), so a page with
several embeds can tell them apart without comparing windows. Shapes are
documented in ``docs/embedding.md``; these functions are the one place that
builds them, so the docs' examples are tested here.

Seats count from 0 in every list, in the order of ``players``.
"""

from __future__ import annotations

from typing import Any, Final

from skyjo.state import RoundResult
from skyjo.web.embed.params import EmbedConfig

#: Bumped when a message shape changes incompatibly.
PROTOCOL: Final = 1
READY: Final = "skyjo:ready"
ROUND_ENDED: Final = "skyjo:round-ended"
GAME_ENDED: Final = "skyjo:game-ended"
SIZE: Final = "skyjo:size"
#: What a host sends to ask for a ``skyjo:size`` reply.
MEASURE: Final = "skyjo:measure"


def ready(config: EmbedConfig, players: tuple[str, ...], height: int) -> dict[str, Any]:
    """Sent once the embed has painted: what it shows and what it could not use."""
    return {
        "type": READY,
        "id": config.host_id,
        "protocol": PROTOCOL,
        "mode": config.mode,
        "language": config.language,
        "rules": config.rules.to_dict(),
        "players": list(players),
        "scenario": config.scenario,
        "problems": [p.to_json() for p in config.problems],
        "height": height,
    }


def round_ended(
    config: EmbedConfig, round_number: int, result: RoundResult, totals: tuple[int, ...]
) -> dict[str, Any]:
    """A round was scored: raw layout sums, the points written down (the
    finisher's doubled when ``doubled``), and the running totals."""
    return {
        "type": ROUND_ENDED,
        "id": config.host_id,
        "round": round_number,
        "raw": list(result.raw),
        "points": list(result.points),
        "totals": list(totals),
        "finisher": result.finisher,
        "doubled": result.doubled,
    }


def game_ended(
    config: EmbedConfig, totals: tuple[int, ...], winners: tuple[int, ...]
) -> dict[str, Any]:
    """Someone reached the target; ``winners`` share the lowest total."""
    return {
        "type": GAME_ENDED,
        "id": config.host_id,
        "totals": list(totals),
        "winners": list(winners),
    }


def size(config: EmbedConfig, height: int) -> dict[str, Any]:
    """The content's height in CSS pixels, for the host to size the iframe."""
    return {"type": SIZE, "id": config.host_id, "height": height}


def is_measure_request(data: Any) -> bool:
    """Whether a message from the host asks for the size (anything else is ignored)."""
    return isinstance(data, dict) and data.get("type") == MEASURE
