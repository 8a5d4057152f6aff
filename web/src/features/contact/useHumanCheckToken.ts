import { useCallback, useEffect, useRef } from 'react';
import { HUMAN_CHECK_WAIT_MS } from '../../../../src/shared/contact-form';
import { solveHumanCheck } from '../humanCheck/solveHumanCheck';

/** A solved challenge lives 10 minutes on the server; one older than this is solved afresh. */
const FRESH_FOR_MS = 9 * 60_000;
/** How many 2 s looks before giving up (the server unreachable, say): the form then shows the spec's error. */
const MAX_LOOKS = 15;

interface Token {
  payload: string;
  solvedAt: number;
}

/**
 * The form's human check (ALTCHA, the staff login's): solved in the background as soon as the form shows, so it
 * is usually ready before Send. `take()` hands the token over once (the server accepts each once) and starts the
 * next; while none is ready it looks again every 2 s (spec §9), solving again after a failure, and after MAX_LOOKS
 * it gives up, so the form reaches its error state (spec §4) instead of sending for ever.
 */
export function useHumanCheckToken() {
  const token = useRef<Token | null>(null);
  const solving = useRef<Promise<void> | null>(null);
  const mounted = useRef(true);

  const solve = useCallback(() => {
    solving.current ??= solveHumanCheck()
      .then((payload) => void (token.current = { payload, solvedAt: Date.now() }))
      .catch(() => undefined)
      .finally(() => void (solving.current = null));
  }, []);

  useEffect(() => {
    mounted.current = true;
    solve();
    return () => void (mounted.current = false);
  }, [solve]);

  const take = useCallback(async (): Promise<string> => {
    for (let looks = 0; ; looks += 1) {
      const ready = token.current;
      if (ready && Date.now() - ready.solvedAt < FRESH_FOR_MS) {
        token.current = null;
        solve();
        return ready.payload;
      }
      token.current = null;
      solve();
      if (!mounted.current) throw new Error('The form was closed');
      if (looks >= MAX_LOOKS) throw new Error('The human check could not be solved');
      await new Promise((resolve) => setTimeout(resolve, HUMAN_CHECK_WAIT_MS));
    }
  }, [solve]);

  return take;
}
