"""The pages' Python in their Web Worker: the views it serves and the calls it answers.

``site/worker.py`` (a PyScript named worker, ``<script type="py" worker
name="skyjo">``) exports :func:`open_view`, :func:`intent`, :func:`refused` and
:func:`close_view`;
``site/page.mjs`` on the main thread calls them with JSON text and applies the
JSON text they return (:class:`~skyjo.web.worker.effects.Effects`). Between calls a
view pushes effects of its own (a bot's move, the review's progress) through
:data:`PUSH`, which the worker script points at the main thread's ``paint``.

One worker serves every view of a page: the page itself, or on ``rules.html``
every live table the reader touched (each ``embed.html`` frame is a view with an
id of its own). A view is a *controller* (a page's pure Python, tested on
CPython) over a :class:`~skyjo.web.worker.mirror.MirrorStorage`. This module is
plain Python too: the tests drive it without a browser.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from skyjo import jsontext
from skyjo.web.device import HINT
from skyjo.web.worker.effects import Effects
from skyjo.web.worker.mirror import MirrorStorage, Write


class Controller(Protocol):
    """A page's Python as the worker runs it."""

    def handle(self, intent: Mapping[str, Any]) -> Effects: ...

    def refused(self, key: str) -> Effects: ...


#: Makes a page's controller: (context the main thread sent, storage, push) ->
#: the controller and the effects of its first paint.
Opener = Callable[
    [Mapping[str, Any], MirrorStorage, Callable[[Effects], None]], tuple[Controller, Effects]
]


@dataclass(slots=True)
class View:
    controller: Controller
    storage: MirrorStorage


#: The longest intent read: a file of :data:`~skyjo.jsontext.MAX_LENGTH` bytes (the
#: page sends none longer) is at most six times that escaped as a JSON string (a
#: control character becomes ``\u0001``; a picture opened by mistake has many), plus
#: the forms around it. An intent refused here only warns in the console, so a file
#: the page sends must never be: the controller says what is wrong with it.
MAX_INTENT_LENGTH = 6 * jsontext.MAX_LENGTH + 1_000_000

#: The views open in this worker, by the id the main thread gave.
VIEWS: dict[str, View] = {}
#: Sends a view's effects to the main thread between calls: (view id, JSON text).
PUSH: Callable[[str, str], object] = lambda _view, _effects: None  # noqa: E731


def openers() -> dict[str, Opener]:
    """Each page's opener, imported only when a page asks for it (the game page
    does not load the score pad's code)."""

    def game(context: Mapping[str, Any], storage: MirrorStorage, push: Any) -> Any:
        from skyjo.web.ui.page import GamePage

        fragment = str(context.get("hash") or "")
        if fragment.startswith("#join="):  # a guest's page, opened from an invitation
            from skyjo.web.together.guest import GuestPage

            return GuestPage.open_guest(
                storage,
                push,
                languages=[str(x) for x in context.get("languages") or []],
                fragment=fragment,
            )
        return GamePage.open(
            storage,
            push,
            languages=[str(x) for x in context.get("languages") or []],
            search=str(context.get("search") or ""),
            forms=context.get("forms") or {},
            touched=bool(context.get("touched")),
            reduced_motion=context.get("reducedMotion") is True,
            href=str(context.get("href") or ""),
            can_share=context.get("share") is True,
        )

    def scorepad(context: Mapping[str, Any], storage: MirrorStorage, push: Any) -> Any:
        from skyjo.web.scorepad.page import PadPage

        fields = [f for f in context.get("fields") or [] if isinstance(f, dict)]
        return PadPage.open(
            storage,
            languages=[str(x) for x in context.get("languages") or []],
            clock=context.get("clock"),
            fields=fields,
            touched=bool(context.get("touched")),
        )

    def embed(context: Mapping[str, Any], storage: MirrorStorage, push: Any) -> Any:
        from skyjo.web.embed.embed_page import EmbedPage

        search, fragment = str(context.get("search") or ""), str(context.get("hash") or "")
        return EmbedPage.open(search, fragment, push)

    def replay(context: Mapping[str, Any], storage: MirrorStorage, push: Any) -> Any:
        from skyjo.i18n.language import saved_language
        from skyjo.web.embed.replay_page import ReplayPage
        from skyjo.web.inputs import query_value

        return ReplayPage.open(
            push,
            languages=[str(x) for x in context.get("languages") or []],
            stored_language=saved_language(storage.get),
            asked=query_value(str(context.get("search") or ""), "lang"),
            href=str(context.get("href") or ""),
            fragment=str(context.get("hash") or ""),
        )

    def check(context: Mapping[str, Any], storage: MirrorStorage, push: Any) -> Any:
        from skyjo.web.check import CheckPage

        return CheckPage.open(context.get("sample"))

    return {
        "index": game,
        "scorepad": scorepad,
        "embed": embed,
        "replay": replay,
        "check": check,
    }


def open_view(view_id: str, page: str, context_text: str) -> str:
    """Open ``page`` as view ``view_id``: its first paint, as JSON effects."""
    try:
        context = jsontext.loads(context_text, what="the page's context")
        opener = openers().get(page)
        if opener is None or not isinstance(context, dict):
            raise ValueError(f"no page called {page!r}")
        database = context.get("database")
        storage = MirrorStorage(
            _texts(context.get("storage")),
            database=_texts(database) if isinstance(database, dict) else None,
        )
        controller, effects = opener(context, storage, lambda e: _push(view_id, e))
    except Exception as exc:  # the page says it could not start, in words
        return Effects().failed(f"{type(exc).__name__}: {exc}").to_json()
    VIEWS[view_id] = View(controller, storage)
    return _out(VIEWS[view_id], effects)


def close_view(view_id: str) -> None:
    """Forget view ``view_id``: its page was taken over by another tab (or opened
    anew), so nothing it still does (a bot's move on its way) reaches the page."""
    VIEWS.pop(view_id, None)


def intent(view_id: str, intent_text: str) -> str:
    """One intent for view ``view_id`` (JSON text): what to do, as JSON effects."""
    view = VIEWS.get(view_id)
    if view is None:
        return Effects().to_json()
    try:
        data = jsontext.loads(intent_text, what="the intent", most=MAX_INTENT_LENGTH)
        effects = view.controller.handle(data if isinstance(data, dict) else {})
    except Exception as exc:  # a bug in a controller: logged, never a traceback on the page
        effects = Effects().warn(f"{type(exc).__name__}: {exc}")
    return _out(view, effects)


def refused(view_id: str, report_text: str) -> str:
    """The main thread could not write ``report["key"]``; ``report["truth"]`` is what
    the keys of that batch hold now. The controller's answer, as JSON effects."""
    view = VIEWS.get(view_id)
    if view is None:
        return Effects().to_json()
    try:
        report = jsontext.loads(report_text, what="the storage report")
        view.storage.reconcile(_optional_texts(report.get("truth")))
        effects = view.controller.refused(str(report.get("key")))
    except Exception as exc:
        effects = Effects().warn(f"{type(exc).__name__}: {exc}")
    return _out(view, effects)


def _push(view_id: str, effects: Effects) -> None:
    view = VIEWS.get(view_id)
    if view is not None:
        PUSH(view_id, _out(view, effects))


def _out(view: View, effects: Effects) -> str:
    """The effects with the storage writes made on the way, first."""
    writes = view.storage.take_writes()
    return effects.store(writes, after_paint=paints_before_saving(view, writes)).to_json()


def paints_before_saving(view: View, writes: Sequence[Write]) -> bool:
    """Whether the main thread may paint a batch before it writes ``writes``.

    It writes first by default: a refused write is told to Python, whose answer
    may change what the screen shows (an imported game not kept goes away), and a
    screen must not show what is about to be taken back. But a move on the table
    writes the game's save, and waiting for the database before painting made
    every move on a phone 20 ms later at the host of a game on several devices
    (benchmarks/several_devices.py). A controller names in ``SAID_AFTER_PAINT`` the
    keys whose refusal only adds words (the game is kept in memory and the page
    then says it is not saved); a batch writing only those, and hints (whose
    refusal is silent), is painted first."""
    said_after: frozenset[str] = getattr(view.controller, "SAID_AFTER_PAINT", frozenset())
    return bool(writes) and all(place == HINT or key in said_after for key, _value, place in writes)


def _texts(value: object) -> dict[str, str]:
    if not isinstance(value, dict):
        return {}
    return {str(k): v for k, v in value.items() if isinstance(v, str)}


def _optional_texts(value: object) -> dict[str, str | None]:
    if not isinstance(value, dict):
        return {}
    return {str(k): v if isinstance(v, str) else None for k, v in value.items()}


__all__ = [
    "PUSH",
    "VIEWS",
    "Controller",
    "View",
    "close_view",
    "intent",
    "open_view",
    "refused",
]
