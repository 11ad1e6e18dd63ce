"""QR codes and the camera for playing together (issue 38), in Chromium.

The invitation's QR code, read back with the vendored decoder (jsQR), is exactly
the link in the link field, and the guest's answer's code exactly its answer. The
host's page reads the answer from a camera: Chromium's fake camera plays a Y4M
file (``--use-file-for-fake-video-capture``) that this test writes from the
guest's own painted code, in Python with no dependency. Chromium opens the file
when a page starts the camera, not at launch, so the file can be written once
the guest has answered; each start of the camera reads it anew. The camera first
shows the invitation (not an answer: the page says so and goes on looking), then
the answer: the seat turns "Connected" and the game starts.

Chromium on Linux has no BarcodeDetector, so this reads with the vendored jsQR,
the path every browser without one takes.
"""

from __future__ import annotations

import base64
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserType, Page, expect

from .conftest import answered
from .test_game import DESKTOP, PHONE, SCREENSHOTS, no_python_errors
from .test_together import device, no_serious_findings, webrtc_browser

pytestmark = pytest.mark.e2e

__all__ = ["webrtc_browser"]  # the guest's browser (a fixture of test_together)

#: The fake camera's picture, in pixels (a common webcam size).
WIDTH, HEIGHT = 640, 480
#: Pixels the code's painted image is drawn at, at most (a third of the picture's
#: area, as a phone held before a screen sees it).
CODE_SIDE = 400

#: The painted code ``selector`` as pixels (grey, base64, ``side`` square) and as
#: text read back by the vendored decoder the page itself loads for its camera.
READ_CODE = """async ([selector, most]) => {
  const svg = document.querySelector(selector);
  const modules = Number(svg.getAttribute('viewBox').split(' ')[2]);
  const side = modules * Math.floor(most / modules);
  const image = new Image();
  image.src = 'data:image/svg+xml;charset=utf-8,'
    + encodeURIComponent(new XMLSerializer().serializeToString(svg));
  await image.decode();
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = side;
  const context = canvas.getContext('2d');
  context.imageSmoothingEnabled = false;
  context.drawImage(image, 0, 0, side, side);
  const pixels = context.getImageData(0, 0, side, side);
  const build = document.documentElement.getAttribute('data-build');
  await import(new URL(build + '/vendor/jsQR.js', location.href).href);
  const code = self.jsQR(pixels.data, side, side);
  let grey = '';
  for (let i = 0; i < pixels.data.length; i += 4) grey += String.fromCharCode(pixels.data[i]);
  return {text: code ? code.data : null, version: Number(svg.getAttribute('data-version')),
          side, grey: btoa(grey)};
}"""


#: What the page fetched of the QR code's files so far.
FETCHED = """() => performance.getEntriesByType('resource').map((entry) => entry.name)
  .filter((name) => /qr\\.mjs|link\\.mjs|vendor\\//.test(name))
  .map((name) => name.replace(/.*build-[0-9a-f]+\\//, ''))"""

#: Whether the service worker's cache holds the vendored decoder (offline play).
PRECACHED = """async () => {
  const build = document.documentElement.getAttribute('data-build');
  const url = new URL(build + '/vendor/jsQR.js', location.href).href;
  for (const key of await caches.keys()) {
    if (await (await caches.open(key)).match(url)) return true;
  }
  return false;
}"""

#: CSP violations the page saw (none: the policy allows the camera as it is).
WATCH_POLICY = """() => { window.skyjoViolations = [];
  document.addEventListener('securitypolicyviolation',
    (event) => window.skyjoViolations.push(event.violatedDirective + ' ' + event.blockedURI)); }"""


def read_code(page: Page, selector: str) -> dict[str, Any]:
    found: dict[str, Any] = page.evaluate(READ_CODE, [selector, CODE_SIDE])
    return found


def both_sizes(page: Page, state: str) -> None:
    """Screenshots of ``state`` on a phone and on a laptop, to be looked at."""
    before = page.viewport_size
    for size, name in ((PHONE, "phone"), (DESKTOP, "laptop")):
        page.set_viewport_size(size)
        page.screenshot(path=SCREENSHOTS / f"together-qr-{state}-{name}.png", full_page=True)
    if before is not None:
        page.set_viewport_size(before)


def write_camera(path: Path, code: dict[str, Any]) -> None:
    """A Y4M video (4:2:0, a few identical frames) showing ``code``'s pixels on
    white, in the middle of the picture: what Chromium's fake camera plays."""
    side, grey = code["side"], base64.b64decode(code["grey"])
    luma = bytearray(b"\xeb" * (WIDTH * HEIGHT))  # video white
    top, left = (HEIGHT - side) // 2, (WIDTH - side) // 2
    for y in range(side):
        row = grey[y * side : (y + 1) * side]
        luma[(top + y) * WIDTH + left : (top + y) * WIDTH + left + side] = bytes(
            16 + v * 219 // 255 for v in row
        )
    chroma = b"\x80" * (WIDTH * HEIGHT // 2)
    frame = b"FRAME\n" + bytes(luma) + chroma
    header = f"YUV4MPEG2 W{WIDTH} H{HEIGHT} F10:1 Ip A1:1 C420jpeg\n".encode()
    path.write_bytes(header + frame * 5)


@pytest.fixture(scope="module")
def camera_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("camera") / "camera.y4m"


@pytest.fixture(scope="module")
def camera_browser(
    browser_type: BrowserType, browser_type_launch_args: dict[str, Any], camera_file: Path
) -> Iterator[Browser]:
    """The host's Chromium: its addresses in its candidates (see test_together) and a
    fake camera playing ``camera_file``, allowed without asking."""
    args = [
        *browser_type_launch_args.get("args", []),
        "--disable-features=WebRtcHideLocalIpsWithMdns",
        "--use-fake-device-for-media-stream",
        "--use-fake-ui-for-media-stream",
        f"--use-file-for-fake-video-capture={camera_file}",
    ]
    browser = browser_type.launch(**{**browser_type_launch_args, "args": args})
    yield browser
    browser.close()


def test_the_codes_read_back_and_the_host_scans_the_answer_with_a_camera(
    camera_browser: Browser, webrtc_browser: Browser, site_url: str, camera_file: Path
) -> None:
    # Intent: Ann hosts a two-seat game with Ben on another device. The invitation's
    # code decodes to its link, Ben's answer's code to his answer; Ann's camera,
    # shown first the invitation and then Ben's code, refuses the first in words
    # and connects with the second, as a pasted answer does; the game starts.
    host = device(camera_browser, site_url + "?seed=3", language="en")
    page = host.page
    page.evaluate(WATCH_POLICY)
    assert page.evaluate(FETCHED) == []  # a page that never plays together loads none
    page.fill("#name-0", "Ann")
    page.fill("#name-1", "Ben")
    page.select_option("#kind-1", "remote")
    page.get_by_role("button", name="Start game").click()
    invitation = page.get_by_role("img", name="QR code of the invitation for Ben")
    expect(invitation).to_be_visible(timeout=15_000)
    link = page.get_by_label("Link for Ben").input_value()
    # The encoder only, until the camera is wanted.
    assert sorted(page.evaluate(FETCHED)) == ["link.mjs", "qr.mjs", "vendor/lean-qr.mjs"]
    shown = read_code(page, "section.invite svg.qr")
    print(f"invitation: {len(link)} characters, QR version {shown['version']}")
    assert shown["text"] == link
    assert shown["version"] <= 10
    no_serious_findings(page, "the invitation's QR code")
    both_sizes(page, "invitation")

    # The camera shows the invitation: not an answer, said beside the seat.
    write_camera(camera_file, shown)
    page.get_by_role("button", name="Scan answer").click()
    answered(page)
    expect(page.get_by_role("button", name="Stop the camera")).to_be_visible()
    expect(page.locator("html")).to_have_attribute("data-camera", "on")
    expect(page.get_by_text("This is not an answer to an invitation")).to_be_visible(timeout=15_000)
    no_serious_findings(page, "scanning")
    both_sizes(page, "scanning")
    page.get_by_role("button", name="Stop the camera").click()
    answered(page)
    expect(page.locator("#scan-video")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-camera", "on")

    guest = device(webrtc_browser, link, language="de", phone=True)
    guest.page.get_by_role("button", name="Mitspielen").click()
    answer_field = guest.page.get_by_label("Antwort für Ann")
    answer_field.wait_for()
    answer = answer_field.input_value()
    code = guest.page.get_by_role("img", name="QR-Code deiner Antwort an Ann")
    expect(code).to_be_visible(timeout=15_000)
    their = read_code(guest.page, "svg.qr")
    print(f"answer: {len(answer)} characters, QR version {their['version']}")
    assert their["text"] == answer
    assert their["version"] <= 10
    no_serious_findings(guest.page, "the answer's QR code")
    both_sizes(guest.page, "answer")

    # The camera shows Ben's code: the answer is read, the camera stops, they connect.
    write_camera(camera_file, their)
    page.get_by_role("button", name="Scan answer").click()
    answered(page)
    expect(page.locator("#app")).to_have_attribute("data-screen", "table", timeout=20_000)
    expect(guest.page.locator("#app")).to_have_attribute("data-screen", "table", timeout=15_000)
    expect(page.locator("#scan-video")).to_have_count(0)
    expect(page.locator("html")).not_to_have_attribute("data-camera", "on")
    expect(guest.page.locator(".own-seat .name")).to_have_text("Ben")
    assert page.evaluate("() => window.skyjoViolations") == []
    deadline = time.monotonic() + 20
    while not page.evaluate(PRECACHED):
        assert time.monotonic() < deadline, "the QR decoder is not in the offline cache"
        page.wait_for_timeout(200)
    no_python_errors(host)
    no_python_errors(guest)
