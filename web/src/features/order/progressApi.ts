import { isFinalStep, type OrderProgress, type OrderProgressAnswer } from '../../../../src/shared/order-progress';
import { api } from '../../app/api';
import { openLiveChannel } from '../store-status/liveChannel';

/** Whose order: the session's own (the order-complete page), or any order with its mail's signed link (the status page). */
export interface ProgressOf {
  orderId: string;
  expires?: string;
  signature?: string;
}

/**
 * The channel token lasts 10 minutes (src/live/channel-token.ts): an open page asks for a fresh one before then
 * and follows the channel with it, so a reconnection never presents an expired token.
 */
export const TOKEN_RENEW_MS = 8 * 60_000;

export interface FollowedProgress {
  progress: OrderProgress;
  auth: string | null;
}

const linkParams = ({ expires, signature }: ProgressOf) => (expires !== undefined && signature !== undefined ? { expires, signature } : undefined);

export const progressApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * The order's steps (issue 31), live: the order's private channel says when they moved, and the steps are
     * asked again then, on every (re)connection, and with each renewal of the token.
     */
    orderProgress: build.query<FollowedProgress, ProgressOf>({
      query: (of) => ({ url: `/api/orders/${encodeURIComponent(of.orderId)}/progress`, params: linkParams(of) }),
      transformResponse: ({ progress, auth }: OrderProgressAnswer) => ({ progress, auth }),
      async onCacheEntryAdded(of, { cacheDataLoaded, cacheEntryRemoved, dispatch, getCacheEntry }) {
        let first: FollowedProgress;
        try {
          first = (await cacheDataLoaded).data;
        } catch {
          return; // removed before it loaded
        }
        const askAgain = () => dispatch(progressApi.endpoints.orderProgress.initiate(of, { subscribe: false, forceRefetch: true }));
        // Without a token (no live update keys) there is no channel to follow: a stream without one is refused.
        const follow = (token: string | null) =>
          token === null
            ? () => undefined
            : openLiveChannel(
                'order',
                {
                  events: {
                    OrderProgressed: ({ orderId }) => {
                      if (orderId === of.orderId) void askAgain();
                    },
                  },
                  // What happened while the channel was not connected may be missing: ask.
                  onOpen: () => void askAgain(),
                  onConnectionChange: () => undefined,
                },
                { auth: token },
              );
        let close = follow(first.auth);
        const renew = setInterval(async () => {
          const current = getCacheEntry().data;
          if (current && isFinalStep(current.progress.current)) return;
          const fresh = await askAgain();
          if (!fresh.data) return;
          close();
          close = follow(fresh.data.auth);
        }, TOKEN_RENEW_MS);
        await cacheEntryRemoved;
        clearInterval(renew);
        close();
      },
    }),
  }),
});

export const { useOrderProgressQuery } = progressApi;
