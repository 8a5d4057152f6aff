declare module 'sse-channel' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface SseMessage {
    id?: number;
    event?: string;
    data?: unknown;
    retry?: number;
  }

  interface SseChannelOptions {
    jsonEncode?: boolean;
    historySize?: number;
    retryTimeout?: number;
    pingInterval?: number;
    history?: SseMessage[];
  }

  class SseChannel {
    constructor(options?: SseChannelOptions);
    addClient(req: IncomingMessage, res: ServerResponse, callback?: () => void): void;
    removeClient(res: ServerResponse): void;
    getConnectionCount(): number;
    send(message: SseMessage | string, clients?: ServerResponse[]): void;
    close(): void;
    on(event: 'connect' | 'disconnect' | 'message', listener: (...args: unknown[]) => void): this;
  }

  export = SseChannel;
}
