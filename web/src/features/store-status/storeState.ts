export const STORE_STATES = ['closed', 'open', 'busy', 'slammed'] as const;
export type StoreState = (typeof STORE_STATES)[number];

export function asStoreState(value: unknown): StoreState | null {
  return STORE_STATES.find((state) => state === value) ?? null;
}

/** The banner's closing notice (staff spec §2), or null when closing is more than 15 minutes away. */
export function closingNotice(secondsToClose: number): string | null {
  if (secondsToClose <= 0 || secondsToClose > 15 * 60) return null;
  if (secondsToClose < 60) return '--- Closing in less than a minute ---';
  const minutes = Math.ceil(secondsToClose / 60);
  return minutes === 1 ? '--- Closing in approx. 1 minute ---' : `--- Closing in approx. ${minutes} minutes ---`;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
