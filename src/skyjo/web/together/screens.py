"""The screens of playing together, as HTML: the host's invitations and the guest's
joining. Built with :func:`skyjo.web.ui.render.h`, which escapes every name."""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Final

from skyjo.web.together import away, scan
from skyjo.web.together.lobby import RENEWED, Lobby
from skyjo.web.together.qr import Codes
from skyjo.web.together.wire import Away
from skyjo.web.ui.i18n import Translator
from skyjo.web.ui.render import button, esc, h

#: The form of the "friends on other networks" box (the page reads it with the click).
NETWORK_FORM = "together-network"
#: The id of the host's choice of how long an away seat waits (a select whose
#: change the page forwards as an intent).
AWAY_SELECT: Final = "away-wait"


def network_choice(t: Translator, *, stun: bool) -> str:
    """The "friends on other networks" box (off unless ticked), with what it costs
    in words beside it: ticking it makes every invitation not yet answered anew."""
    box = h(
        "input",
        type="checkbox",
        id="together-stun",
        name="stun",
        checked=stun,
        data_intent="invite-stun",
        aria_describedby="together-stun-cost",
    )
    return h(
        "form",
        h("p", h("label", box, " ", h("span", esc(t.t("together.stun.label"))))),
        h("p", esc(t.t("together.stun.cost")), id="together-stun-cost", class_="cost"),
        id=NETWORK_FORM,
        class_="together-network",
    )


def invitations(
    t: Translator,
    lobby: Lobby,
    *,
    href: str,
    can_share: bool,
    starting: bool = True,
    codes: Codes | None = None,
    scanner: scan.Scanner | None = None,
    stun: bool = False,
    away_choice: str = away.DEFAULT,
) -> str:
    """The host's screen until every remote seat is connected: the "friends on
    other networks" box, then per seat the link as a QR code and as text (Copy
    link, Share where the device has a share sheet), the field the answer is
    pasted into or the camera reads it into (Scan answer), and the seat's state;
    before the game (``starting``), a button starting it at once, a bot playing
    for each seat not connected yet until its person joins."""
    parts = [
        h("h2", esc(t.t("together.invite.heading")), id="together-title", tabindex="-1"),
        h("p", esc(t.t("together.invite.text"))),
        network_choice(t, stun=stun),
    ]
    for seat, link in sorted(lobby.links.items()):
        name = link.name
        if link.connected:
            status = t.t("together.status.connected")
        elif link.answered:
            status = t.t("together.status.connecting")
        else:
            status = t.t("together.status.waiting")
        body = [h("h3", esc(t.t("together.invite.seat", name=name)), id=f"invite-title-{seat}")]
        body.append(h("p", esc(status), class_="invite-status", id=f"invite-status-{seat}"))
        if link.error == RENEWED and not link.connected:
            # Not the answer field's fault: said above the new invitation, as news.
            body.append(h("p", esc(t.t(RENEWED)), class_="error", role="status"))
        if link.connected:
            pass
        elif not link.invite:
            body.append(h("p", esc(t.t("together.invite.preparing"))))
        else:
            url = href + "#join=" + link.invite
            if codes is not None:
                label = t.t("together.qr.invite", name=name)
                body.append(codes.image(url, seat=seat, label=label))
            body.append(
                h(
                    "p",
                    h("label", esc(t.t("together.invite.link", name=name)), for_=f"invite-{seat}"),
                    h(
                        "input",
                        id=f"invite-{seat}",
                        type="text",
                        readonly=True,
                        value=url,
                        class_="invite-link",
                        data_length=str(len(url)),
                    ),
                )
            )
            buttons = [button(t.t("button.copy_link"), "invite-copy", data_seat=seat)]
            if can_share:
                buttons.append(button(t.t("button.share"), "invite-share", data_seat=seat))
            body.append(h("p", " ".join(buttons)))
            error = t.t(link.error) if link.error and link.error != RENEWED else ""
            body.append(
                h(
                    "p",
                    h(
                        "label",
                        esc(t.t("together.invite.answer", name=name)),
                        for_=f"answer-{seat}",
                    ),
                    h(
                        "textarea",
                        esc(scanner.read.get(seat, "")) if scanner else "",
                        id=f"answer-{seat}",
                        rows="3",
                        spellcheck="false",
                        aria_invalid="true" if error else None,
                        aria_describedby=f"answer-error-{seat}" if error else None,
                    ),
                    button(
                        t.t("button.connect"),
                        "invite-answer",
                        data_seat=seat,
                        data_with=f"answer-{seat}",
                    ),
                    " " + button(t.t("button.scan"), "invite-scan", data_seat=seat),
                )
            )
            if error:
                body.append(
                    h("p", esc(error), id=f"answer-error-{seat}", class_="error", role="alert")
                )
            if scanner is not None:
                body.extend(scan.panel(t, scanner, seat=seat, name=name))
        parts.append(h("section", *body, class_="invite", aria_labelledby=f"invite-title-{seat}"))
    parts.append(away_select(t, away_choice))
    if starting:  # start now, a bot playing for whoever is not connected; or back
        back = button(t.t("button.back"), "invite-cancel", id="invite-cancel")
        if lobby.absent():
            now = button(t.t("button.start_with_bots"), "invite-bots", id="invite-bots")
            back = now + " " + back
        parts.append(h("p", back))
    else:  # a game under way: a bot may play the seats still away, or the table waits
        bots = button(t.t("button.bots_play"), "invite-bots", id="invite-bots")
        table = button(t.t("button.to_table"), "invite-hide", id="invite-hide")
        parts.append(h("p", bots + " " + table))
    return h(
        "section",
        *parts,
        class_="together",
        aria_labelledby="together-title",
        data_view="invitations",
    )


def joining(
    t: Translator,
    *,
    host: str,
    guest: str,
    answer: str,
    joined: bool,
    connected: bool,
    closed: bool,
    error: str,
    codes: Codes | None = None,
    stun: bool = False,
) -> str:
    """The guest's screen until the first view of the table arrives; its answer
    as text to copy and as a QR code for the host's camera (``stun``: the host
    chose "friends on other networks", which this page follows, and says so
    before the person joins)."""
    parts = [
        h(
            "h2",
            esc(t.t("together.join.heading", host=host, guest=guest)),
            id="join-title",
            tabindex="-1",
        ),
    ]
    if error:
        parts.append(h("p", esc(error), class_="error", role="alert"))
    if closed:
        parts.append(h("p", esc(t.t("together.join.closed", host=host)), role="status"))
    elif connected:
        parts.append(h("p", esc(t.t("together.join.connected")), role="status", id="join-status"))
    elif answer:
        parts.append(h("h3", esc(t.t("together.join.answer_heading")), id="answer-title"))
        parts.append(h("p", esc(t.t("together.join.answer_text", host=host))))
        if codes is not None:
            parts.append(codes.image(answer, seat=-1, label=t.t("together.qr.answer", host=host)))
            parts.append(h("p", esc(t.t("together.qr.answer_hint", host=host))))
        parts.append(
            h(
                "p",
                h("label", esc(t.t("together.join.answer_label", host=host)), for_="my-answer"),
                h(
                    "textarea",
                    esc(answer),
                    id="my-answer",
                    rows="3",
                    readonly=True,
                    spellcheck="false",
                ),
            )
        )
        parts.append(
            h("p", button(t.t("button.copy_answer"), "answer-copy", primary=True, id="answer-copy"))
        )
        parts.append(
            h("p", esc(t.t("together.join.waiting", host=host)), role="status", id="join-status")
        )
    else:
        parts.append(h("p", esc(t.t("together.join.text", host=host))))
        if stun:
            parts.append(h("p", esc(t.t("together.join.stun", host=host)), id="join-stun"))
        parts.append(
            h("p", button(t.t("button.join"), "join", primary=True, id="join", disabled=joined))
        )
    return h(
        "section", *parts, class_="together", aria_labelledby="join-title", data_view="joining"
    )


def unreadable_invitation(t: Translator) -> str:
    return h(
        "section",
        h("h2", esc(t.t("together.join.invalid")), id="join-title"),
        class_="together",
        aria_labelledby="join-title",
    )


def time_words(t: Translator, seconds: int) -> str:
    """ "20 seconds", "1 minute", "5 minutes": one of the host's choices."""
    return t.t(f"together.time.{seconds}")


def away_select(t: Translator, choice: str) -> str:
    """The host's choice: how long a seat whose person is away waits for them
    before a bot plays it (:mod:`skyjo.web.together.away`)."""
    options = []
    for value in away.CHOICES:
        if value == away.NEVER:
            text = t.t("together.away.never")
        else:
            text = t.t("together.away.after", time=time_words(t, int(value)))
        options.append(h("option", esc(text), value=value, selected=value == choice))
    return h(
        "p",
        h("label", esc(t.t("together.away.label")), for_=AWAY_SELECT),
        " ",
        h("select", *options, id=AWAY_SELECT),
        class_="away-choice",
    )


def away_notes(
    t: Translator,
    seats: Sequence[Away],
    names: Sequence[str],
    *,
    invite_back: bool,
    not_joined: Collection[int] = (),
) -> str:
    """Above the table, on every device: who is away and when a bot plays for them,
    or that one does; on the host's page, a button to show their invitation, and
    for a seat whose person has not joined yet (``not_joined``), that a bot plays
    for them until they join."""
    parts = []
    for seat in seats:
        name = names[seat.seat]
        if seat.bot and seat.seat in not_joined:
            text = t.t("together.away.not_joined", name=name)
        elif seat.bot:
            text = t.t("together.away.bot", name=name)
        elif seat.wait is None:
            text = t.t("together.away.waits", name=name)
        else:
            text = t.t("together.away.waiting", name=name, time=time_words(t, seat.wait))
        line = [esc(text)]
        if invite_back:
            label = t.t("button.invite_back", name=name)
            line.append(button(label, "invite-show", id=f"invite-back-{seat.seat}"))
        parts.append(h("p", " ".join(line), id=f"away-{seat.seat}"))
    if not parts:
        return ""
    return h("div", *parts, class_="notice away", role="status")


__all__ = [
    "AWAY_SELECT",
    "NETWORK_FORM",
    "away_notes",
    "away_select",
    "invitations",
    "joining",
    "network_choice",
    "time_words",
    "unreadable_invitation",
]
