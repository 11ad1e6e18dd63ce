"""The host's camera, reading a guest's answer from the QR code on the guest's page.

"Scan answer" beside a seat opens the camera (``site/qr.mjs``: the back camera
where there is one, a live preview, ``BarcodeDetector`` where the browser has one
for QR codes, the vendored jsQR otherwise). What it reads comes back as a link
event ``{"event": "scanned", "seat": n, "text": ...}`` and is taken exactly as a
pasted answer is (the answer's parser decides whether it is one, and for this
seat); a camera that cannot be used comes back as ``{"event": "camera", "seat":
n, "problem": "none" | "denied" | "failed"}``, said in words beside the seat
(``"stopped"``: the page was put away, and the camera with it; nothing to say).

The camera stops when an answer is read, when the host presses Stop, and when the
preview leaves the page (the main thread watches it): :class:`Scanner` holds
which seat is scanning, and :func:`panel` paints the preview and its words.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.render import button, esc, h

#: Why a camera could not be used, by the word site/qr.mjs says: the message key.
PROBLEMS: Final = {
    "none": "together.scan.no_camera",
    "denied": "together.scan.denied",
    "failed": "together.scan.failed",
}
#: The preview's id (one camera at a time).
VIDEO: Final = "scan-video"


@dataclass(slots=True)
class Scanner:
    """Which seat's answer the camera is reading, if any, what went wrong with the
    camera, and the answers it read (painted into their fields)."""

    seat: int | None = None
    #: The seat whose camera failed, and the message key saying why.
    problem: tuple[int, str] | None = None
    read: dict[int, str] = field(default_factory=dict)

    def start(self, seat: int) -> dict[str, Any]:
        """The camera for ``seat``: the link effect that opens it."""
        self.seat, self.problem = seat, None
        return {"do": "scan", "seat": seat, "video": VIDEO}

    def stop(self) -> dict[str, Any]:
        """No camera: the link effect that closes it."""
        self.seat = None
        return {"do": "scan-stop"}

    def failed(self, seat: int, problem: object) -> None:
        """The camera for ``seat`` could not be used (site/qr.mjs says why)."""
        if self.seat == seat:
            self.seat = None
            if problem != "stopped":  # else the page was put away: nothing went wrong
                self.problem = (seat, PROBLEMS.get(str(problem), PROBLEMS["failed"]))


def panel(t: Translator, scanner: Scanner, *, seat: int, name: str) -> list[str]:
    """The seat's camera preview while it scans, or why the camera failed."""
    parts = []
    if scanner.problem is not None and scanner.problem[0] == seat:
        parts.append(h("p", esc(t.t(scanner.problem[1])), class_="error", role="alert"))
    if scanner.seat == seat:
        parts.append(
            h(
                "div",
                h(
                    "video",
                    "",
                    id=VIDEO,
                    muted=True,
                    playsinline=True,
                    aria_label=t.t("together.scan.preview", name=name),
                ),
                h("p", esc(t.t("together.scan.hint", name=name)), role="status"),
                h("p", button(t.t("button.scan_stop"), "invite-scan-stop", id="scan-stop")),
                class_="scan",
                id=f"scan-{seat}",
            )
        )
    return parts


__all__ = ["PROBLEMS", "VIDEO", "Scanner", "panel"]
