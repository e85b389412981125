import { createSignal } from 'solid-js';

/** Short cues in plain WebAudio (no library: a few oscillator notes are all the game needs). */
const KEY = 'bfe.sound';

function stored(): boolean {
  try {
    return globalThis.localStorage?.getItem(KEY) !== 'off';
  } catch {
    return true;
  }
}

const [soundOn, setSoundSignal] = createSignal(stored());
export { soundOn };

export function setSound(on: boolean): void {
  setSoundSignal(on);
  try {
    globalThis.localStorage?.setItem(KEY, on ? 'on' : 'off');
  } catch {
    // not remembered
  }
}

let context: AudioContext | null = null;

export type Cue = 'place' | 'yourTurn' | 'refused';
const NOTES: Readonly<Record<Cue, readonly number[]>> = { place: [660], yourTurn: [523, 784], refused: [220] };

/** Plays a cue if sound is on; silent where WebAudio is missing or not yet allowed by the browser. */
export function playSound(cue: Cue): void {
  if (!soundOn() || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    const start = context.currentTime;
    NOTES[cue].forEach((hz, i) => {
      const osc = context!.createOscillator();
      const gain = context!.createGain();
      osc.frequency.value = hz;
      gain.gain.setValueAtTime(0.0001, start + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.15, start + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.12 + 0.15);
      osc.connect(gain).connect(context!.destination);
      osc.start(start + i * 0.12);
      osc.stop(start + i * 0.12 + 0.16);
    });
  } catch {
    // audio unavailable: the log and the prompt still say everything
  }
}
