import { useSyncExternalStore } from 'react';

/**
 * Whether a CSS media query matches now, following its changes (e.g. a phone turned on its side). The server's
 * first-screen render knows no screen: false there, and in the browser's first render that hydrates its markup;
 * React renders again at once with the screen's answer. Lay out what differs with CSS where a jump would show.
 */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (changed) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', changed);
      return () => list.removeEventListener('change', changed);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** The shop's one layout break (spec: "Mobile layout breaks at 768 px"). */
export const WIDE_SCREEN = '(min-width: 768px)';
