import { DomainError } from '../core/errors';

/**
 * Runs tasks one after another, and refuses a task when `maxWaiting` are already waiting: a photo being
 * re-encoded holds tens of megabytes, so two at once would take the shop past its memory target.
 */
export function oneAtATime(maxWaiting: number) {
  let tail: Promise<void> = Promise.resolve();
  let pending = 0;
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (pending > maxWaiting) throw new DomainError('unavailable', 'Other photos are being uploaded; please try again in a moment');
    pending += 1;
    const previous = tail;
    let done!: () => void;
    tail = new Promise((resolve) => (done = resolve));
    try {
      await previous;
      return await task();
    } finally {
      pending -= 1;
      done();
    }
  };
}
