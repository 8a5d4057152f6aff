import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/**
 * False on the server and while the browser takes over the server's markup (hydration), true once React runs
 * the page: a screen rendered on the server shows before its buttons work, and says so (aria-busy).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
