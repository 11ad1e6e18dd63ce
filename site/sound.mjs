// The game page's sounds and vibrations (issue 36, item 19): one short cue for what
// a step of the game just painted (skyjo.web.ui.cues says which step makes which),
// "flip" (a card laid or turned), "column" (a column removed) and "round_end".
// page.mjs imports this module at the first cue, so a page whose switch is off
// never fetches it, and nothing here runs until then.
//
// Every sound is made here with the Web Audio API, 50 to 200 ms of a filtered noise
// burst or a few sine notes: no audio file to fetch, nothing to decode, and it works
// offline. A browser lets an AudioContext play only once the reader has touched the
// page: the first cue comes from a tap (a card, "Start game"), and a browser that
// wants the tap itself (Safari) gets the context woken by the next one. A cue that
// arrives while the context cannot play is dropped, not queued: a queue would play
// every bot's move at once when it woke.
//
// Vibration uses navigator.vibrate where the device has it (Android phones; not
// iOS, not desktops), only after the reader has touched the page (the browser
// refuses it before, with a warning in the console).

const VOLUME = 0.2;
// Cues closer together than this (bots at "instant" speed) sound once: the flips of
// a burst of bot moves would otherwise pile up into noise.
const GAP_MS = 60;
// How each cue feels in the hand, in ms (vibrate, pause, vibrate...).
const BUZZ = { flip: [12], column: [25, 40, 35], round_end: [30, 50, 30, 50, 70] };

// A cue is dropped when the context it waited for woke later than this.
const LATE_MS = 150;

let audio = null;
let making = false;
let woken = false;
let noise = null;
let last = -Infinity;

export function play(win, kind, buzz) {
  const now = win.performance.now();
  if (kind === "flip" && now - last < GAP_MS) return;
  last = now;
  const nav = win.navigator;
  if (buzz) vibrate(nav, BUZZ[kind]);
  const sound = SOUNDS[kind];
  if (!sound) return;
  if (audio && audio.state !== "closed") { sounded(win, audio, sound, now); return; }
  // Making the page's AudioContext holds the main thread up 60 ms on a desktop (a
  // phone's takes several times as long), and the first cue comes with the paint of
  // a move, which then waited for it; the host of a table also passes every
  // device's moves on from that thread. So it is made once the page is idle, and
  // this first cue sounds then; a cue while it is being made is dropped (as one
  // during a burst of moves).
  if (making) return;
  making = true;
  whenIdle(win, () => {
    making = false;
    const context = audioContext(win);
    if (context) sounded(win, context, sound, win.performance.now());
  });
}

// `sound` on `context` now, once the reader has touched the page.
function sounded(win, context, sound, now) {
  if (!touched(win.navigator)) return;
  const start = () => {
    try {
      sound(context, context.currentTime + 0.01);
    } catch (error) {
      // A browser whose audio broke (an output device gone): the game goes on silent.
    }
  };
  if (context.state === "running") { start(); return; }
  // Just made, or asleep: played if the context wakes at once, else dropped.
  context.resume().then(() => { if (win.performance.now() - now < LATE_MS) start(); }, () => {});
}

// `work` when the page's main thread is idle (soon after the paint), or in a task of
// its own where the browser has no idle callbacks (Safari).
function whenIdle(win, work) {
  if (typeof win.requestIdleCallback === "function") win.requestIdleCallback(work, { timeout: 250 });
  else win.setTimeout(work, 0);
}

function touched(nav) {
  return !nav.userActivation || nav.userActivation.hasBeenActive;
}

function vibrate(nav, pattern) {
  if (!pattern || typeof nav.vibrate !== "function" || !touched(nav)) return;
  try { nav.vibrate(pattern); } catch (error) { /* refused: sound only */ }
}

// The page's one AudioContext, made at the first cue; null where there is none.
function audioContext(win) {
  if (audio && audio.state !== "closed") return audio;
  const Context = win.AudioContext || win.webkitAudioContext;
  if (!Context) return null;
  try { audio = new Context(); } catch (error) { return null; }
  if (!woken) {
    woken = true;
    const wake = () => { if (audio && audio.state === "suspended") audio.resume().catch(() => {}); };
    for (const type of ["pointerdown", "keydown"]) win.addEventListener(type, wake, { capture: true, passive: true });
  }
  return audio;
}

// A note: `frequency` Hz, up in 8 ms and dying away over `length` seconds.
function tone(context, at, frequency, length, volume) {
  const oscillator = context.createOscillator();
  const gain = context.createGain();
  oscillator.type = "sine";
  oscillator.frequency.value = frequency;
  gain.gain.setValueAtTime(0.0001, at);
  gain.gain.exponentialRampToValueAtTime(volume, at + 0.008);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  oscillator.connect(gain).connect(context.destination);
  oscillator.start(at);
  oscillator.stop(at + length + 0.02);
}

// A card laid on the table: 70 ms of noise through a band-pass filter, a soft snap.
function snap(context, at) {
  const length = 0.07;
  if (!noise || noise.sampleRate !== context.sampleRate) {
    noise = context.createBuffer(1, Math.ceil(context.sampleRate * length), context.sampleRate);
    const samples = noise.getChannelData(0);
    for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
  }
  const source = context.createBufferSource();
  source.buffer = noise;
  const filter = context.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 2200;
  filter.Q.value = 0.8;
  const gain = context.createGain();
  gain.gain.setValueAtTime(VOLUME, at);
  gain.gain.exponentialRampToValueAtTime(0.0001, at + length);
  source.connect(filter).connect(gain).connect(context.destination);
  source.start(at);
  source.stop(at + length);
}

const SOUNDS = {
  flip: snap,
  // Two rising notes (G5, D6): something left the table.
  column: (context, at) => {
    tone(context, at, 784, 0.12, VOLUME * 0.6);
    tone(context, at + 0.07, 1175, 0.13, VOLUME * 0.6);
  },
  // A rising C major arpeggio: the round is over.
  round_end: (context, at) => {
    [523, 659, 784].forEach((frequency, i) => tone(context, at + i * 0.05, frequency, 0.12, VOLUME * 0.5));
  },
};
