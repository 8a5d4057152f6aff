import { useEffect, useRef, useState } from 'react';

/** Spec §4/§9: the voucher line pulses this long once a voucher is applied. */
export const VOUCHER_PULSE_MS = 1000;

/**
 * True for 1 s after the applied voucher changes to another one (or appears), not for the one the page opened
 * with; `pulseKey` restarts the animation when vouchers change quickly.
 */
export function useVoucherPulse(signature: string | null): { pulsing: boolean; pulseKey: number } {
  const previous = useRef<string | null | undefined>(undefined);
  const [pulseKey, setPulseKey] = useState(0);
  const [pulsing, setPulsing] = useState(false);

  useEffect(() => {
    const before = previous.current;
    previous.current = signature;
    if (before === undefined || signature === null || before === signature) return;
    setPulseKey((key) => key + 1);
    setPulsing(true);
    const timer = setTimeout(() => setPulsing(false), VOUCHER_PULSE_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  return { pulsing, pulseKey };
}
