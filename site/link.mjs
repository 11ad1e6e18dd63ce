// Data channels to other devices (issue 38, skyjo.web.together, docs/several-devices.md).
// RTCPeerConnection exists only on the main thread, not in the worker, so this
// module holds the connections and nothing else: it makes an offer or an answer
// when Python asks (a "link" effect, see skyjo.web.worker.effects), and passes what
// happens back to Python as intents {"type": "link", "event": ...}: "offer" and
// "answer" (the session description, which Python compacts), "open", "closed",
// "failed", and "message" (a text from the other side, forwarded unread: the
// host's Python checks every one). No STUN or TURN server by default: host
// candidates only, so devices on one network (or one phone's hotspot) connect, and
// nothing of the game or of the devices' addresses leaves it. Only when the host
// ticks "friends on other networks" does an offer (and the guest's answer, which
// follows the invitation) ask STUN_SERVER for the device's public address: the
// op's "stun" is true.
//
// page.mjs imports this module at the first "link" effect; a page that never
// plays together never loads it.

// Longest message passed on to Python, in characters (skyjo.web.together.wire:
// a host's view is under 64 000; a guest's action a dozen): longer ones are
// dropped here, unread.
const MAX_MESSAGE = 64000;
// How long to wait for the browser to gather its addresses before the offer or
// answer is made with those it has.
const GATHER_MS = 3000;
// The messages this page received, newest last (at most RECEIVED_KEPT): the
// browser tests read them to check that no hidden card ever reached a guest.
const RECEIVED_KEPT = 2000;
// The public STUN server asked when the host chose so (skyjo.web.together.signal
// names the same; docs/several-devices.md says why this one).
const STUN_SERVER = "stun:stun.cloudflare.com:3478";

// By seat: {pc, channel}. A guest's page has one, seat -1.
const peers = new Map();

function received(win, text) {
  const kept = win.skyjoLinkReceived || (win.skyjoLinkReceived = []);
  kept.push(text);
  if (kept.length > RECEIVED_KEPT) kept.shift();
}

function tell(view, event, seat, extra) {
  view.send(Object.assign({ type: "link", event, seat }, extra || {}));
}

function gathered(pc) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => { if (pc.iceGatheringState === "complete") resolve(); };
    pc.addEventListener("icegatheringstatechange", done);
    setTimeout(resolve, GATHER_MS);
  });
}

function watch(view, seat, pc, channel) {
  const peer = peers.get(seat) || { pc };
  peer.channel = channel;
  peers.set(seat, peer);
  channel.onopen = () => tell(view, "open", seat);
  channel.onclose = () => { if (peers.get(seat) === peer) tell(view, "closed", seat); };
  channel.onmessage = (event) => {
    if (typeof event.data !== "string" || event.data.length > MAX_MESSAGE) return;
    received(view.win, event.data);
    tell(view, "message", seat, { text: event.data });
  };
}

// Each connection made, for the browser tests (window.skyjoLinkGathered): the
// STUN servers it was given and the type of each candidate it gathered, so a test
// can see that none is server-reflexive ("srflx") while the option is off.
function record(win, seat, pc) {
  const made = { seat, servers: pc.getConfiguration().iceServers.map((s) => s.urls), types: [] };
  (win.skyjoLinkGathered || (win.skyjoLinkGathered = [])).push(made);
  pc.addEventListener("icecandidate", (event) => {
    if (event.candidate && event.candidate.candidate) made.types.push(event.candidate.type || "?");
  });
}

function newConnection(view, seat, stun) {
  const old = peers.get(seat);
  if (old) { peers.delete(seat); old.pc.close(); }
  const pc = new RTCPeerConnection({ iceServers: stun ? [{ urls: STUN_SERVER }] : [] });
  record(view.win, seat, pc);
  pc.addEventListener("connectionstatechange", () => {
    if (pc.connectionState === "failed" && peers.get(seat) && peers.get(seat).pc === pc) tell(view, "failed", seat);
  });
  peers.set(seat, { pc });
  return pc;
}

async function offer(view, seat, stun) {
  const pc = newConnection(view, seat, stun);
  watch(view, seat, pc, pc.createDataChannel("skyjo", { ordered: true }));
  await pc.setLocalDescription(await pc.createOffer());
  await gathered(pc);
  // An offer made again meanwhile (the host changed the STUN box) replaced this one.
  const current = peers.get(seat);
  if (current && current.pc === pc) tell(view, "offer", seat, { sdp: pc.localDescription.sdp, stun });
}

async function join(view, sdp, stun) {
  const seat = -1;
  const pc = newConnection(view, seat, stun);
  pc.ondatachannel = (event) => watch(view, seat, pc, event.channel);
  await pc.setRemoteDescription({ type: "offer", sdp });
  await pc.setLocalDescription(await pc.createAnswer());
  await gathered(pc);
  tell(view, "answer", seat, { sdp: pc.localDescription.sdp });
}

async function share(win, url) {
  try {
    if (typeof win.navigator.share === "function") { await win.navigator.share({ url }); return; }
  } catch (error) {
    if (error && error.name === "AbortError") return;  // the person closed the sheet
  }
  await copy(win, url);
}

async function copy(win, text) {
  try { await win.navigator.clipboard.writeText(text); } catch (error) { /* the field shows it to copy by hand */ }
}

// One "link" effect from Python.
export async function handle(view, op) {
  try {
    switch (op.do) {
      case "offer": await offer(view, op.seat, op.stun === true); break;
      case "answer": {
        const peer = peers.get(op.seat);
        if (peer) await peer.pc.setRemoteDescription({ type: "answer", sdp: op.sdp });
        break;
      }
      case "join": await join(view, op.sdp, op.stun === true); break;
      case "send": {
        const peer = peers.get(op.seat);
        if (peer && peer.channel && peer.channel.readyState === "open") peer.channel.send(op.text);
        break;
      }
      case "qr": case "scan": case "scan-stop":  // QR codes and the camera: site/qr.mjs
        await (await import("./qr.mjs")).handle(view, op);
        break;
      case "share": await share(view.win, op.url); break;
      case "copy": await copy(view.win, op.url); break;
      case "close":  // one seat's channel, or (no seat) every one
        for (const [seat, peer] of Array.from(peers)) {
          if (typeof op.seat === "number" && op.seat !== seat) continue;
          peers.delete(seat);
          peer.pc.close();
        }
        break;
      default: break;
    }
  } catch (error) {
    console.warn(error);
    if (op.do === "scan") tell(view, "camera", op.seat, { problem: "failed" });
    else if (typeof op.seat === "number" && op.do !== "close" && op.do !== "qr") tell(view, "failed", op.seat);
  }
}
