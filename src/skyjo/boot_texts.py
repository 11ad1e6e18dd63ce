"""What every page says before Python runs: its loading message, the "starting…"
note for a control pressed early, the light preview's "Play", and the site menu.

These sentences are shown by a tiny inline script in each page's ``<head>`` (the
build stamps this table in as JSON), in the language it picks from the saved
choice and ``navigator.languages``, so the first paint already speaks the
reader's language and ``<html lang>`` is right before any other script runs.
Python's own catalogues take over once it has started.

One dict per language with the same keys, so adding a language is a new entry
here; the test in ``tests/test_boot_texts.py`` checks the keys agree.
"""

from __future__ import annotations

from typing import Final

from skyjo.language import DEFAULT_LANGUAGE, LANGUAGES

#: Keys: ``loading.<page>`` for each page kind (what is loading and how big),
#: ``starting`` (a control was pressed before Python was ready), ``play`` and
#: ``preview`` (an embed that cannot be drawn without Python), ``menu.*``.
BOOT_TEXTS: Final[dict[str, dict[str, str]]] = {
    "en": {
        "loading.game": "Loading Python (about 4 MB on the first visit)… You can already choose the players.",
        "loading.scorepad": "Loading Python (about 4 MB on the first visit)… You can already fill in the form.",
        "loading.replay": "Loading the replay viewer (Python in your browser, about 4 MB on the first visit)…",
        "loading.check": "Loading the Python runtime and the Skyjo engine…",
        "loading.embed": "Loading Skyjo (Python in your browser, about 4 MB on the first visit)…",
        "starting": "Starting… your choice takes effect as soon as Python is ready.",
        "play": "Play",
        "preview": "A live Skyjo table: press Play to start it (Python loads in your browser, about 4 MB on the first visit).",
        "menu": "Menu",
        "menu.label": "Skyjo pages",
        "menu.game": "Game",
        "menu.rules": "Rules",
        "menu.scorepad": "Score pad",
        "menu.replay": "Replay viewer",
    },
    "de": {
        "loading.game": "Python wird geladen (beim ersten Besuch etwa 4 MB)… Du kannst schon die Mitspielenden wählen.",
        "loading.scorepad": "Python wird geladen (beim ersten Besuch etwa 4 MB)… Du kannst das Formular schon ausfüllen.",
        "loading.replay": "Der Wiedergabe-Betrachter wird geladen (Python im Browser, beim ersten Besuch etwa 4 MB)…",
        "loading.check": "Python und die Skyjo-Engine werden geladen…",
        "loading.embed": "Skyjo wird geladen (Python im Browser, beim ersten Besuch etwa 4 MB)…",
        "starting": "Startet… deine Wahl gilt, sobald Python bereit ist.",
        "play": "Spielen",
        "preview": "Ein lebendiger Skyjo-Tisch: Drücke Spielen, um ihn zu starten (Python lädt im Browser, beim ersten Besuch etwa 4 MB).",
        "menu": "Menü",
        "menu.label": "Skyjo-Seiten",
        "menu.game": "Spiel",
        "menu.rules": "Regeln",
        "menu.scorepad": "Punkteblock",
        "menu.replay": "Wiedergabe",
    },
    "nl": {
        "loading.game": "Python wordt geladen (bij het eerste bezoek ongeveer 4 MB)… Je kunt de spelers al kiezen.",
        "loading.scorepad": "Python wordt geladen (bij het eerste bezoek ongeveer 4 MB)… Je kunt het formulier al invullen.",
        "loading.replay": "De terugkijker wordt geladen (Python in je browser, bij het eerste bezoek ongeveer 4 MB)…",
        "loading.check": "Python en de Skyjo-engine worden geladen…",
        "loading.embed": "Skyjo wordt geladen (Python in je browser, bij het eerste bezoek ongeveer 4 MB)…",
        "starting": "Bezig met starten… je keuze gaat in zodra Python klaar is.",
        "play": "Spelen",
        "preview": "Een levende Skyjo-tafel: druk op Spelen om hem te starten (Python laadt in je browser, bij het eerste bezoek ongeveer 4 MB).",
        "menu": "Menu",
        "menu.label": "Skyjo-pagina's",
        "menu.game": "Spel",
        "menu.rules": "Spelregels",
        "menu.scorepad": "Scoreblok",
        "menu.replay": "Terugkijken",
    },
    "fr": {
        "loading.game": "Chargement de Python (environ 4 Mo à la première visite)… Tu peux déjà choisir les joueurs.",
        "loading.scorepad": "Chargement de Python (environ 4 Mo à la première visite)… Tu peux déjà remplir le formulaire.",
        "loading.replay": "Chargement du lecteur de parties (Python dans ton navigateur, environ 4 Mo à la première visite)…",
        "loading.check": "Chargement de Python et du moteur Skyjo…",
        "loading.embed": "Chargement de Skyjo (Python dans ton navigateur, environ 4 Mo à la première visite)…",
        "starting": "Démarrage… ton choix s’appliquera dès que Python sera prêt.",
        "play": "Jouer",
        "preview": "Une table de Skyjo interactive : appuie sur Jouer pour la lancer (Python se charge dans ton navigateur, environ 4 Mo à la première visite).",
        "menu": "Menu",
        "menu.label": "Pages Skyjo",
        "menu.game": "Jeu",
        "menu.rules": "Règles",
        "menu.scorepad": "Feuille de score",
        "menu.replay": "Revoir une partie",
    },
    "es": {
        "loading.game": "Cargando Python (unos 4 MB en la primera visita)… Ya puedes elegir a los jugadores.",
        "loading.scorepad": "Cargando Python (unos 4 MB en la primera visita)… Ya puedes rellenar el formulario.",
        "loading.replay": "Cargando el visor de partidas (Python en tu navegador, unos 4 MB en la primera visita)…",
        "loading.check": "Cargando Python y el motor de Skyjo…",
        "loading.embed": "Cargando Skyjo (Python en tu navegador, unos 4 MB en la primera visita)…",
        "starting": "Iniciando… tu elección se aplicará en cuanto Python esté listo.",
        "play": "Jugar",
        "preview": "Una mesa de Skyjo interactiva: pulsa Jugar para empezar (Python se carga en tu navegador, unos 4 MB en la primera visita).",
        "menu": "Menú",
        "menu.label": "Páginas de Skyjo",
        "menu.game": "Juego",
        "menu.rules": "Reglas",
        "menu.scorepad": "Hoja de puntos",
        "menu.replay": "Ver partidas",
    },
    "it": {
        "loading.game": "Caricamento di Python (circa 4 MB alla prima visita)… Puoi già scegliere i giocatori.",
        "loading.scorepad": "Caricamento di Python (circa 4 MB alla prima visita)… Puoi già compilare il modulo.",
        "loading.replay": "Caricamento del visualizzatore di partite (Python nel tuo browser, circa 4 MB alla prima visita)…",
        "loading.check": "Caricamento di Python e del motore di Skyjo…",
        "loading.embed": "Caricamento di Skyjo (Python nel tuo browser, circa 4 MB alla prima visita)…",
        "starting": "Avvio… la tua scelta vale non appena Python è pronto.",
        "play": "Gioca",
        "preview": "Un tavolo di Skyjo interattivo: premi Gioca per avviarlo (Python si carica nel tuo browser, circa 4 MB alla prima visita).",
        "menu": "Menu",
        "menu.label": "Pagine di Skyjo",
        "menu.game": "Gioco",
        "menu.rules": "Regole",
        "menu.scorepad": "Segnapunti",
        "menu.replay": "Rivedi partite",
    },
}

#: The site menu: (text key, page), in the order shown.
MENU: Final = (
    ("menu.game", "./"),
    ("menu.rules", "rules.html"),
    ("menu.scorepad", "scorepad.html"),
    ("menu.replay", "replay.html"),
)


def boot_text(language: str, key: str) -> str:
    """One sentence in ``language`` (English when the language has none)."""
    texts = BOOT_TEXTS.get(language, BOOT_TEXTS[DEFAULT_LANGUAGE])
    return texts[key]


__all__ = ["BOOT_TEXTS", "LANGUAGES", "MENU", "boot_text"]
