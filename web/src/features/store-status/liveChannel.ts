import { afterFirstRender } from '../../app/firstRender';
import { isLiveData, liveChannelPath, type LiveChannel, type LiveData, type LiveEvent } from '../../../../src/shared/live-contract';

/** The state of one Server-Sent Events channel, as a screen shows it. */
export type LiveConnection = 'connecting' | 'connected' | 'lost';

/** A handler for each message of the channel the screen acts on, called with the data the contract says it carries. */
export type LiveEventHandlers<C extends LiveChannel> = { [E in LiveEvent<C>]?: (data: LiveData<C, E>) => void };

export interface LiveChannelHandlers<C extends LiveChannel> {
  events: LiveEventHandlers<C>;
  /**
   * Called on every (re)connection. What happened while the channel was not connected may be missing, so the
   * caller refetches here; on the first connection too, since the first fetch may have raced the subscription.
   */
  onOpen: () => void;
  onConnectionChange: (connection: LiveConnection) => void;
}

/** Once the browser gives up (an HTTP error answer), we try again ourselves this long after. */
const RETRY_AFTER_CLOSE_MS = 5000;

/**
 * Subscribes to a channel of the live hub (src/shared/live-contract.ts); `query` is the private channel's
 * credential. The browser reconnects by itself after a network drop, sending Last-Event-ID; a `resync` event
 * means the server could not replay the gap. A message whose data is not what the contract says is dropped, so a
 * handler only ever sees its own type. Returns the function that ends the subscription.
 */
export function openLiveChannel<C extends LiveChannel>(
  channel: C,
  handlers: LiveChannelHandlers<C>,
  query?: Record<string, string> | (() => Promise<Record<string, string>>),
): () => void {
  // The server's first-screen render (entry-server.tsx) has the cache but no page to keep live.
  if (typeof EventSource === 'undefined') return () => undefined;
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  // A query given as a function is asked again before every connection: a private channel's token is short-lived.
  const connect = async () => {
    let given: Record<string, string> | undefined;
    try {
      given = typeof query === 'function' ? await query() : query;
    } catch {
      handlers.onConnectionChange('lost');
      if (!closed) retry = setTimeout(() => void connect(), RETRY_AFTER_CLOSE_MS);
      return;
    }
    if (closed) return;
    const url = given ? `${liveChannelPath(channel)}?${new URLSearchParams(given)}` : liveChannelPath(channel);
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.onopen = () => {
      handlers.onConnectionChange('connected');
      handlers.onOpen();
    };
    current.onerror = () => {
      handlers.onConnectionChange('lost');
      if (current.readyState === EventSource.CLOSED && !closed) {
        retry = setTimeout(() => void connect(), RETRY_AFTER_CLOSE_MS);
      }
    };
    current.addEventListener('resync', () => handlers.onOpen());
    for (const name of Object.keys(handlers.events) as Array<LiveEvent<C>>) {
      const handle = handlers.events[name] as ((data: LiveData<C, typeof name>) => void) | undefined;
      current.addEventListener(name, (event) => {
        const data = parseData((event as MessageEvent).data as string);
        if (isLiveData(channel, name, data)) handle?.(data);
      });
    }
  };

  // Not before the page's first render: connecting refetches what the channel follows, which must not change
  // while React takes over the server's markup (web/src/app/firstRender.ts).
  void afterFirstRender().then(() => {
    if (!closed) void connect();
  });
  return () => {
    closed = true;
    clearTimeout(retry);
    source?.close();
  };
}

function parseData(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
