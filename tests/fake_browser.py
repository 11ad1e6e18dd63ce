"""Just enough of a browser for the pages' PyScript glue to run on CPython.

The page modules (``skyjo.ui.dom``, ``skyjo.scorepad.page``, ``skyjo.embed.embed_page``)
import ``pyscript`` and ``pyodide.ffi``; :func:`installed` puts small stand-ins in
``sys.modules`` for the length of a ``with`` block. Elements record what is painted
into them (``paints`` counts every ``innerHTML`` assignment), so a test can check
what the runtime would show, and whether it painted at all.
"""

from __future__ import annotations

import contextlib
import importlib
import sys
import types
from collections.abc import Iterator
from typing import Any


class Element:
    """An element: attributes, ``innerHTML`` (counting assignments), no children."""

    def __init__(self, ident: str = "", html: str = "") -> None:
        self.id = ident
        self.attributes: dict[str, str] = {}
        self._html = html
        self.paints = 0
        self.textContent = ""
        self.lang = ""
        self.dataset = types.SimpleNamespace()
        self.tagName = "DIV"

    @property
    def innerHTML(self) -> str:
        return self._html

    @innerHTML.setter
    def innerHTML(self, value: str) -> None:
        self._html = value
        self.paints += 1

    def getAttribute(self, name: str) -> str | None:
        return self.attributes.get(name)

    def setAttribute(self, name: str, value: str) -> None:
        self.attributes[name] = value

    def removeAttribute(self, name: str) -> None:
        self.attributes.pop(name, None)

    def hasAttribute(self, name: str) -> bool:
        return name in self.attributes

    def toggleAttribute(self, name: str, force: bool) -> bool:
        if force:
            self.attributes[name] = ""
        else:
            self.attributes.pop(name, None)
        return force

    def addEventListener(self, *_args: Any) -> None:
        pass

    def querySelector(self, _selector: str) -> None:
        return None

    def querySelectorAll(self, _selector: str) -> list[Any]:
        return []

    def getBoundingClientRect(self) -> Any:
        return types.SimpleNamespace(height=300.0, left=0.0, top=0.0)


class Document:
    """``document``: elements by id (made on first lookup), the root, no focus."""

    def __init__(self) -> None:
        self.elements: dict[str, Element] = {}
        self.documentElement = Element("html")
        self.activeElement = None
        self.title = ""

    def getElementById(self, ident: str) -> Element:
        return self.elements.setdefault(ident, Element(ident))

    def querySelector(self, _selector: str) -> None:
        """The static page's words around the app (``.tagline``) are not modelled."""
        return None

    def addEventListener(self, *_args: Any) -> None:
        pass


class Storage:
    def __init__(self) -> None:
        self.data: dict[str, str] = {}

    def getItem(self, key: str) -> str | None:
        return self.data.get(key)

    def setItem(self, key: str, value: str) -> None:
        self.data[key] = value

    def removeItem(self, key: str) -> None:
        self.data.pop(key, None)


class SearchParams:
    def __init__(self, search: str) -> None:
        from urllib.parse import parse_qs

        self.values = {k: v[0] for k, v in parse_qs(search.lstrip("?")).items()}

    def get(self, key: str) -> str | None:
        return self.values.get(key)


class Window:
    """``window`` for a first visit: empty storage, the given browser languages."""

    def __init__(self, languages: list[str], search: str = "") -> None:
        self.localStorage = Storage()
        self.navigator = types.SimpleNamespace(languages=languages, language=languages[0])
        self.location = types.SimpleNamespace(search=search, hash="")
        self.URLSearchParams = types.SimpleNamespace(new=SearchParams)
        self.console = types.SimpleNamespace(warn=lambda *_: None)
        observer = types.SimpleNamespace(observe=lambda *_: None)
        self.ResizeObserver = types.SimpleNamespace(new=lambda *_: observer)
        # A top-level page: its parent, self and top are the window itself.
        self.parent = self.self = self.top = self
        self.Object = types.SimpleNamespace(fromEntries=dict, **{"is": lambda a, b: a is b})

    def addEventListener(self, *_args: Any) -> None:
        pass

    def matchMedia(self, _query: str) -> Any:
        return types.SimpleNamespace(matches=True)


PAGE_MODULES = ("skyjo.ui.dom", "skyjo.scorepad.page", "skyjo.embed.embed_page")


@contextlib.contextmanager
def installed(document: Document, window: Window) -> Iterator[None]:
    """Stand-ins for ``pyscript`` and ``pyodide.ffi`` while the block runs; the page
    modules are imported afresh inside it and forgotten after."""
    pyscript = types.ModuleType("pyscript")
    pyscript.document = document  # type: ignore[attr-defined]
    pyscript.window = window  # type: ignore[attr-defined]
    pyscript.when = lambda *_: lambda function: function  # type: ignore[attr-defined]
    pyodide = types.ModuleType("pyodide")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda function: function  # type: ignore[attr-defined]
    ffi.to_js = lambda value, **_: value  # type: ignore[attr-defined]
    ffi.jsnull = object()  # type: ignore[attr-defined]
    fakes = {"pyscript": pyscript, "pyodide": pyodide, "pyodide.ffi": ffi}
    saved = {name: sys.modules.get(name) for name in (*fakes, *PAGE_MODULES)}
    sys.modules.update(fakes)
    for name in PAGE_MODULES:
        sys.modules.pop(name, None)
    try:
        yield
    finally:
        for name, module in saved.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


def page_module(name: str) -> Any:
    """Import a page module under the stand-ins (call inside :func:`installed`)."""
    return importlib.import_module(name)
