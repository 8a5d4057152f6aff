/** The state of one Server-Sent Events channel, as a screen shows it. */
export type LiveConnection = 'connecting' | 'connected' | 'lost';

export interface LiveChannelHandlers {
  /** Each event by name, with its JSON data parsed. */
  events: Record<string, (data: unknown) => void>;
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
 * Subscribes to a channel of the live hub (`/events/orders`, `/events/store`). The browser reconnects by itself
 * after a network drop, sending Last-Event-ID; a `resync` event means the server could not replay the gap.
 * Returns the function that ends the subscription.
 */
export function openLiveChannel(url: string, handlers: LiveChannelHandlers): () => void {
  let source: EventSource | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let closed = false;

  const connect = () => {
    const current = new EventSource(url, { withCredentials: true });
    source = current;
    current.onopen = () => {
      handlers.onConnectionChange('connected');
      handlers.onOpen();
    };
    current.onerror = () => {
      handlers.onConnectionChange('lost');
      if (current.readyState === EventSource.CLOSED && !closed) {
        retry = setTimeout(connect, RETRY_AFTER_CLOSE_MS);
      }
    };
    current.addEventListener('resync', () => handlers.onOpen());
    for (const [name, handle] of Object.entries(handlers.events)) {
      current.addEventListener(name, (event) => {
        const data = parseData((event as MessageEvent<string>).data);
        if (data !== undefined) handle(data);
      });
    }
  };

  connect();
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
