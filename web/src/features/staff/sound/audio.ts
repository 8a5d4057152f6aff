/** The back office's sounds, made with Web Audio (no sound files). */
export type BeepKind = 'newOrder' | 'awaitingPayment' | 'connectionLost' | 'openTime' | 'unprintedSecondStage';
export type SoundState = 'on' | 'blocked' | 'unavailable';

interface Tone {
  frequency: number;
  wave: OscillatorType;
  seconds: number;
  /** 0.2 unless said otherwise. */
  volume?: number;
}

const TONES: Record<BeepKind, Tone> = {
  newOrder: { frequency: 880, wave: 'sine', seconds: 0.25 },
  // A soft, short chime: a phone order waits for the customer's call, nothing to cook yet.
  awaitingPayment: { frequency: 523, wave: 'sine', seconds: 0.15, volume: 0.06 },
  // Low and harsh, so it is not mistaken for a new order.
  connectionLost: { frequency: 220, wave: 'square', seconds: 0.6 },
  openTime: { frequency: 660, wave: 'triangle', seconds: 0.3 },
  // The unprinted alarm's second stage: louder, higher and harsher than a new order's.
  unprintedSecondStage: { frequency: 1320, wave: 'sawtooth', seconds: 0.4, volume: 0.5 },
};

let context: AudioContext | null | undefined;

function audioContext(): AudioContext | null {
  if (context === undefined) context = typeof AudioContext === 'undefined' ? null : new AudioContext();
  return context;
}

export function soundState(): SoundState {
  const audio = audioContext();
  if (!audio) return 'unavailable';
  return audio.state === 'running' ? 'on' : 'blocked';
}

/** Browsers keep audio suspended until the user interacts with the page; call this from a click or key press. */
export function enableSound(): void {
  void audioContext()
    ?.resume()
    .catch(() => undefined);
}

export function onSoundStateChange(listener: () => void): () => void {
  const audio = audioContext();
  audio?.addEventListener('statechange', listener);
  return () => audio?.removeEventListener('statechange', listener);
}

export function beep(kind: BeepKind): void {
  const audio = audioContext();
  if (!audio || audio.state !== 'running') return;
  const tone = TONES[kind];
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = tone.wave;
  oscillator.frequency.value = tone.frequency;
  gain.gain.setValueAtTime(tone.volume ?? 0.2, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + tone.seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start();
  oscillator.stop(audio.currentTime + tone.seconds);
}
