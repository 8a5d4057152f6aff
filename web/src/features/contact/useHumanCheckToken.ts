import { useCallback, useEffect, useRef } from 'react';
import { HUMAN_CHECK_WAIT_MS } from '../../../../src/shared/contact-form';
import { solveHumanCheck } from '../humanCheck/solveHumanCheck';

/** A solved challenge lives 10 minutes on the server; one older than this is solved afresh. */
const FRESH_FOR_MS = 9 * 60_000;

interface Token {
  payload: string;
  solvedAt: number;
}

/**
 * The form's human check (ALTCHA, the staff login's): solved in the background as soon as the form shows, so it
 * is usually ready before Send. `take()` hands the token over once (the server accepts each once) and starts the
 * next; while none is ready it looks again every 2 s (spec §9), solving again after a failure.
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
    for (;;) {
      const ready = token.current;
      if (ready && Date.now() - ready.solvedAt < FRESH_FOR_MS) {
        token.current = null;
        solve();
        return ready.payload;
      }
      token.current = null;
      solve();
      if (!mounted.current) throw new Error('The form was closed');
      await new Promise((resolve) => setTimeout(resolve, HUMAN_CHECK_WAIT_MS));
    }
  }, [solve]);

  return take;
}
