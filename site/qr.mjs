// QR codes and the camera for playing together (issue 38, docs/several-devices.md).
// link.mjs imports this module at the first such "link" effect, and it imports the
// vendored libraries only when asked for their work, so a page that never plays
// together loads none of them:
//   - {"do": "qr", "seat", "text"}: the encoder (lean-qr, build-*/vendor/) makes the
//     code; Python hears its modules, {"event": "qr", "seat", "text", "rows"}, and
//     paints them (skyjo.web.together.qr).
//   - {"do": "scan", "seat", "video"}: the camera (the back one where there is one)
//     shows in the <video> Python painted, and a few times a second a frame is
//     read, by the browser's BarcodeDetector where it reads QR codes, by the
//     vendored jsQR otherwise. Each new text read goes to Python as {"event":
//     "scanned", "seat", "text"}, which decides whether it is this seat's answer
//     (skyjo.web.together.scan); a camera that cannot be used is {"event":
//     "camera", "seat", "problem": "none" | "denied" | "failed" | "stopped"}
//     ("stopped": the page was put away, and the camera with it).
//   - {"do": "scan-stop"}: the camera off. It also goes off when its preview
//     leaves the page (another screen painted) and when the page is hidden.
// While the camera is on, <html data-camera="on"> says so (the browser tests read it).

// Time between two reads of the camera's picture.
const READ_EVERY_MS = 150;
// The longest side of a frame handed to jsQR: enough for a version-10 code that
// fills a third of the picture, and quick to read on a phone.
const FRAME_SIDE = 640;

// The largest QR version drawn at error correction level M.
const LARGEST_AT_M = 10;

let scanning = null;  // {seat, stream, video, timer, last}

function tell(view, event, seat, extra) {
  view.send(Object.assign({ type: "link", event, seat }, extra || {}));
}

async function draw(view, seat, text) {
  const { generate, correction } = await import("./vendor/lean-qr.mjs");
  // Error correction M at least (a code shown on a screen, read by a phone's
  // camera; a higher level where the smallest version that fits has room) while
  // that fits version 10, whose modules a phone still reads from arm's length;
  // past that, level L keeps the modules large (an invitation with two mDNS
  // names: version 9 at L rather than 11 at M; docs/several-devices.md).
  let code;
  try {
    code = generate(text, { minCorrectionLevel: correction.M, maxVersion: LARGEST_AT_M });
  } catch (error) {
    code = generate(text, { minCorrectionLevel: correction.L });
  }
  const rows = [];
  for (let y = 0; y < code.size; y++) {
    let row = "";
    for (let x = 0; x < code.size; x++) row += code.get(x, y) ? "1" : "0";
    rows.push(row);
  }
  tell(view, "qr", seat, { text, rows });
}

// A function that reads a QR code's text from the video's current picture (null
// when it sees none): the browser's own detector where it has one for QR codes.
async function reader(win) {
  if (typeof win.BarcodeDetector === "function") {
    try {
      const formats = await win.BarcodeDetector.getSupportedFormats();
      if (formats.includes("qr_code")) {
        const detector = new win.BarcodeDetector({ formats: ["qr_code"] });
        return async (video) => {
          const found = await detector.detect(video);
          return found.length ? found[0].rawValue : null;
        };
      }
    } catch (error) { /* the vendored decoder, then */ }
  }
  await import("./vendor/jsQR.js");  // a UMD bundle: it sets self.jsQR
  const decode = win.jsQR;
  const canvas = win.document.createElement("canvas");
  const context = canvas.getContext("2d", { willReadFrequently: true });
  return async (video) => {
    const width = video.videoWidth, height = video.videoHeight;
    if (!width || !height) return null;
    const scale = Math.min(1, FRAME_SIDE / Math.max(width, height));
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const image = context.getImageData(0, 0, canvas.width, canvas.height);
    const code = decode(image.data, image.width, image.height, { inversionAttempts: "attemptBoth" });
    return code ? code.data : null;
  };
}

function problem(error) {
  const name = error && error.name;
  if (name === "NotAllowedError" || name === "SecurityError") return "denied";
  if (name === "NotFoundError" || name === "OverconstrainedError") return "none";
  return "failed";
}

function stop() {
  const was = scanning;
  scanning = null;
  if (!was) return;
  clearTimeout(was.timer);
  for (const track of was.stream.getTracks()) track.stop();
  if (was.video.srcObject === was.stream) was.video.srcObject = null;
  was.video.ownerDocument.documentElement.removeAttribute("data-camera");
}

async function scan(view, seat, videoId) {
  stop();
  const win = view.win;
  const media = win.navigator.mediaDevices;
  if (!media || typeof media.getUserMedia !== "function") {
    tell(view, "camera", seat, { problem: "none" });  // no camera, or not a secure page
    return;
  }
  let stream;
  try {
    stream = await media.getUserMedia({ video: { facingMode: { ideal: "environment" } }, audio: false });
  } catch (error) {
    tell(view, "camera", seat, { problem: problem(error) });
    return;
  }
  const video = view.doc.getElementById(videoId);
  if (!video) {  // the preview left the page while the camera was starting
    for (const track of stream.getTracks()) track.stop();
    return;
  }
  const session = { view, seat, stream, video, timer: 0, last: "" };
  scanning = session;
  video.muted = true;
  video.playsInline = true;
  video.srcObject = stream;
  view.doc.documentElement.setAttribute("data-camera", "on");
  try { await video.play(); } catch (error) { /* a frame is read all the same */ }
  const read = await reader(win);
  const tick = async () => {
    if (scanning !== session) return;
    if (!video.isConnected) { stop(); return; }
    let text = null;
    try { text = await read(video); } catch (error) { text = null; }
    if (scanning !== session) return;
    if (text && text !== session.last) {  // each code once: Python says what it is
      session.last = text;
      tell(view, "scanned", seat, { text });
    }
    session.timer = setTimeout(tick, READ_EVERY_MS);
  };
  if (!win.skyjoScanWatch) {  // a page put away: the camera off, and Python told
    win.skyjoScanWatch = true;
    const away = () => {
      const was = scanning;
      stop();
      if (was) tell(was.view, "camera", was.seat, { problem: "stopped" });
    };
    win.addEventListener("pagehide", away);
    win.document.addEventListener("visibilitychange", () => { if (win.document.hidden) away(); });
  }
  tick();
}

// One QR "link" effect from Python (see the top of this module).
export async function handle(view, op) {
  switch (op.do) {
    case "qr": await draw(view, op.seat, String(op.text)); break;
    case "scan":  // not waited for: a permission prompt must not hold up the channels' work
      scan(view, op.seat, String(op.video)).catch((error) => {
        console.warn(error);
        stop();
        tell(view, "camera", op.seat, { problem: "failed" });
      });
      break;
    case "scan-stop": stop(); break;
    default: break;
  }
}
