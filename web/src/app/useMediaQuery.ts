import { useSyncExternalStore } from 'react';

/** Whether a CSS media query matches now, following its changes (e.g. a phone turned on its side). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
  );
}

/** The shop's one layout break (spec: "Mobile layout breaks at 768 px"). */
export const WIDE_SCREEN = '(min-width: 768px)';
