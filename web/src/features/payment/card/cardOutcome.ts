import { openLiveChannel } from '../../store-status/liveChannel';
import type { CardCompletion } from './cardApi';

/** The fallback when a pushed outcome is lost: each second, as issue 17 item 5 asks (the channel usually answers first). */
export const FALLBACK_POLL_MS = 1000;
/** A bank's check (3-D Secure) takes seconds; past this, the shop's own reconciler finishes the order. */
const MAX_WAIT_MS = 120_000;
export const STILL_PROCESSING = 'Your payment is still being processed: we will email you as soon as it is confirmed';

export interface CardOutcomeWatch {
  orderId: string | undefined;
  /** A token for the order's private channel (`/broadcasting/auth`). */
  authorise: (orderId: string) => Promise<string>;
  /** Asks the server what became of the payment (`/complete-order`): only its answer counts. */
  ask: () => Promise<CardCompletion>;
}

/**
 * Waits for the server's final answer on a card payment (issue 17 item 5). The order's private live channel says
 * when the outcome is in, and the server is asked then; it is asked as well on every (re)connection of the
 * channel, when the tab becomes visible again, and every FALLBACK_POLL_MS, so a lost event never strands the
 * customer. A push only says "ask now": the answer, and its texts, are the server's.
 */
export function waitForCardOutcome({ orderId, authorise, ask }: CardOutcomeWatch): Promise<Extract<CardCompletion, { pending: false }>> {
  return new Promise((resolve, reject) => {
    let done = false;
    let asking = false;
    let askAgain = false;
    let closeChannel: (() => void) | undefined;

    const finish = (outcome: { answer: Extract<CardCompletion, { pending: false }> } | { error: unknown }) => {
      if (done) return;
      done = true;
      clearInterval(poll);
      clearTimeout(deadline);
      document.removeEventListener('visibilitychange', onVisible);
      closeChannel?.();
      if ('answer' in outcome) resolve(outcome.answer);
      else reject(outcome.error);
    };
    // One question at a time; a reason to ask that comes meanwhile asks once more after it.
    const askNow = async () => {
      if (done) return;
      if (asking) {
        askAgain = true;
        return;
      }
      asking = true;
      try {
        const answer = await ask();
        if (!answer.pending) finish({ answer });
      } catch (error) {
        finish({ error });
      } finally {
        asking = false;
        if (askAgain && !done) {
          askAgain = false;
          void askNow();
        }
      }
    };
    const onVisible = () => {
      if (document.visibilityState === 'visible') void askNow();
    };

    const poll = setInterval(() => void askNow(), FALLBACK_POLL_MS);
    const deadline = setTimeout(() => finish({ error: new Error(STILL_PROCESSING) }), MAX_WAIT_MS);
    document.addEventListener('visibilitychange', onVisible);
    if (!orderId) return;
    // Without a channel (refused, offline) the poll still finishes the payment.
    authorise(orderId).then(
      (token) => {
        if (done) return;
        closeChannel = openLiveChannel(
          'order',
          {
            events: {
              CardOutcome: (data) => {
                if (data.orderId === orderId) void askNow();
              },
            },
            onOpen: () => void askNow(),
            onConnectionChange: () => undefined,
          },
          { auth: token },
        );
      },
      () => undefined,
    );
  });
}
