import { useEffect, useRef, useState } from 'react';

export const PULSE_MS = 1000;

/**
 * True for PULSE_MS after `signature` changes (not on the first value). `undefined` is "not known yet" and
 * changes nothing; `null` is "nothing to show" (a voucher removed): remembered, but it does not pulse.
 * `pulseKey` changes with every pulse, so an element keyed on it restarts its animation when changes come quickly.
 */
export function usePulseOnChange(signature: string | null | undefined): { pulsing: boolean; pulseKey: number } {
  const previous = useRef<string | null | undefined>(undefined);
  const [pulseKey, setPulseKey] = useState(0);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    if (signature === undefined) return;
    const before = previous.current;
    previous.current = signature;
    if (before === undefined || signature === null || before === signature) return;
    setPulseKey((key) => key + 1);
    setPulsing(true);
    const timer = setTimeout(() => setPulsing(false), PULSE_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  return { pulsing, pulseKey };
}
