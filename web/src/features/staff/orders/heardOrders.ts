/**
 * When this screen last put an answer about each order into its list, on a counter of its own (a paused page
 * clock must not stop it): a list that comes back lacking an order heard of after the list was asked for is
 * older than that order, not a sign it has gone.
 */
let tick = 0;
const heardAt = new Map<string, number>();

export const markHeard = (id: string): void => void heardAt.set(id, ++tick);

/** A mark to compare later hearings with. */
export const markNow = (): number => ++tick;

export const heardSince = (id: string, mark: number): boolean => (heardAt.get(id) ?? 0) > mark;
