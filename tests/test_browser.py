"""The helpers that read browser values (skyjo.browser) on CPython: JavaScript's
null (Pyodide's ``jsnull``, here its stand-in) and undefined (``None``) are
"missing" everywhere, never the text "jsnull" or "None"."""

from __future__ import annotations

from typing import Any

import pytest

from skyjo.browser import JSNULL, DeviceStorage, is_missing, offline_note, present, text


def test_the_stand_in_looks_like_pyodides_jsnull() -> None:
    # The trap the helpers exist for: null is not None, is falsy, and reads "jsnull".
    assert JSNULL is not None
    assert not JSNULL
    assert str(JSNULL) == "jsnull"


@pytest.mark.parametrize("missing", [None, JSNULL])
def test_null_and_undefined_are_missing(missing: object) -> None:
    assert is_missing(missing)
    assert present(missing) is None
    assert text(missing) is None


@pytest.mark.parametrize("value", ["", "0", "null", "jsnull", "{}"])
def test_text_is_kept_exactly_even_when_it_spells_null(value: str) -> None:
    assert not is_missing(value)
    assert present(value) == value
    assert text(value) == value


@pytest.mark.parametrize("value", [0, 1.5, False, object()])
def test_what_is_not_text_is_no_text(value: object) -> None:
    assert text(value) is None
    assert present(value) is value


class FakeLocalStorage:
    """The browser's storage object: getItem gives JavaScript null for a new key."""

    def __init__(self) -> None:
        self.items: dict[str, str] = {}

    def getItem(self, key: str) -> object:
        return self.items.get(key, JSNULL)

    def setItem(self, key: str, value: str) -> None:
        self.items[key] = value

    def removeItem(self, key: str) -> None:
        self.items.pop(key, None)


def test_device_storage_reads_a_missing_key_as_none() -> None:
    js = FakeLocalStorage()
    warnings: list[str] = []
    store = DeviceStorage(lambda: js, warnings.append)
    assert store.get("skyjo-scorepad") is None
    store.set("skyjo-scorepad", "{}")
    assert store.get("skyjo-scorepad") == "{}"
    store.remove("skyjo-scorepad")
    assert store.get("skyjo-scorepad") is None
    assert warnings == []


def test_unreachable_storage_reads_nothing_and_warns_on_write() -> None:
    def blocked() -> Any:
        raise RuntimeError("SecurityError: access denied")

    warnings: list[str] = []
    store = DeviceStorage(blocked, warnings.append)
    assert store.get("k") is None
    store.set("k", "v")
    assert len(warnings) == 1 and "'k'" in warnings[0] and "SecurityError" in warnings[0]


@pytest.mark.parametrize("offline_ready", [False, True])
def test_the_offline_note_waits_for_the_service_worker_in_the_pages_language(
    offline_ready: bool,
) -> None:
    from tests import fake_browser

    document = fake_browser.Document()
    if offline_ready:
        document.documentElement.setAttribute("data-offline", "ready")
    offline_note(document, "Prêt à jouer hors ligne.")
    status = document.getElementById("offline-status")
    assert status.getAttribute("data-ready-text") == "Prêt à jouer hors ligne."
    assert status.textContent == ("Prêt à jouer hors ligne." if offline_ready else "")
