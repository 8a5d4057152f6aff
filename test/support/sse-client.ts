import http from 'node:http';

export interface SseMessage {
  id?: number;
  event: string;
  data: unknown;
  /** When this client read it (Date.now()). */
  receivedAt?: number;
}

export interface SseConnection {
  status: number;
  messages: SseMessage[];
  /** Resolves once `count` messages have arrived (or rejects after `timeoutMs`). */
  waitForCount(count: number, timeoutMs?: number): Promise<SseMessage[]>;
  /** Resolves when the server ends the stream (its instance went away, say). */
  ended: Promise<void>;
  close(): void;
}

/** A small real HTTP Server-Sent Events client that lets a test choose the Last-Event-ID it sends. */
export function connectSse(url: string, options: { lastEventId?: number; cookie?: string } = {}): Promise<SseConnection> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (options.lastEventId !== undefined) headers['Last-Event-ID'] = String(options.lastEventId);
    if (options.cookie) headers.Cookie = options.cookie;
    const request = http.get(url, { headers }, (response) => {
      const messages: SseMessage[] = [];
      const waiters: Array<() => void> = [];
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const message = parseBlock(block);
          if (message) {
            messages.push({ ...message, receivedAt: Date.now() });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      });
      const ended = new Promise<void>((done) => response.once('close', () => done()));
      resolve({
        status: response.statusCode ?? 0,
        messages,
        ended,
        waitForCount(count, timeoutMs = 5000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(
              () => fail(new Error(`Got ${messages.length} of ${count} messages within ${timeoutMs} ms`)),
              timeoutMs,
            );
            const check = () => {
              if (messages.length >= count) {
                clearTimeout(timer);
                done(messages.slice(0, count));
              } else {
                waiters.push(check);
              }
            };
            check();
          });
        },
        close() {
          request.destroy();
        },
      });
    });
    request.on('error', (error) => {
      if ((error as NodeJS.ErrnoException).code !== 'ECONNRESET') reject(error);
    });
  });
}

function parseBlock(block: string): SseMessage | undefined {
  let id: number | undefined;
  let event = 'message';
  const data: string[] = [];
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (field === 'id') id = Number(value);
    else if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
  }
  if (data.length === 0) return undefined;
  return { id, event, data: JSON.parse(data.join('\n')) };
}
