import { useEffect, useSyncExternalStore } from 'react';
import { enableSound, onSoundStateChange, soundState, type SoundState } from './audio';

/** Whether sound can play; the first click or key press anywhere on the page turns it on. */
export function useSoundState(): SoundState {
  const state = useSyncExternalStore(onSoundStateChange, soundState);

  useEffect(() => {
    if (state !== 'blocked') return;
    const unlock = () => enableSound();
    document.addEventListener('pointerdown', unlock, { once: true });
    document.addEventListener('keydown', unlock, { once: true });
    return () => {
      document.removeEventListener('pointerdown', unlock);
      document.removeEventListener('keydown', unlock);
    };
  }, [state]);

  return state;
}
