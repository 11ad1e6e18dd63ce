"""The web page's Python side.

``i18n`` (the message catalogue), ``present`` (state -> view model, pure),
``app`` (the controller: intents in, a new model out; storage injected) are plain
Python tested on CPython. ``dom`` is the only module that imports PyScript.
"""
