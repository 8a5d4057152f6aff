import { useEffect, useRef, useState } from 'react';

export const PULSE_MS = 1000;

/**
 * True for PULSE_MS after `signature` changes (not on the first value). `pulseKey` changes with every
 * pulse, so an element keyed on it restarts its animation when changes come quickly.
 */
export function usePulseOnChange(signature: string | undefined): { pulsing: boolean; pulseKey: number } {
  const previous = useRef<string | undefined>(undefined);
  const [pulseKey, setPulseKey] = useState(0);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    if (signature === undefined) return;
    const before = previous.current;
    previous.current = signature;
    if (before === undefined || before === signature) return;
    setPulseKey((key) => key + 1);
    setPulsing(true);
    const timer = setTimeout(() => setPulsing(false), PULSE_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  return { pulsing, pulseKey };
}
