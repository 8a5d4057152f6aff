import { useEffect } from 'react';
import { beep, type BeepKind } from './audio';

/** While `active`, beeps at once and then every `intervalMs`. */
export function useRepeatingBeep(active: boolean, kind: BeepKind, intervalMs: number): void {
  useEffect(() => {
    if (!active) return;
    beep(kind);
    const timer = setInterval(() => beep(kind), intervalMs);
    return () => clearInterval(timer);
  }, [active, kind, intervalMs]);
}
