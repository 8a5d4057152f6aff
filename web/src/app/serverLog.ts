import { api } from './api';

export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'critical';

export interface LogEntry {
  level: LogLevel;
  message: string;
  error?: string;
}

// The server's limits on POST /api/log.
const MESSAGE_MAX = 2000;
const ERROR_MAX = 4000;

const serverLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    log: build.mutation<void, LogEntry>({
      query: (entry) => ({ url: '/api/log', method: 'POST', body: entry }),
    }),
  }),
});

type LogDispatch = (action: ReturnType<typeof serverLogApi.endpoints.log.initiate>) => unknown;

/**
 * Spec §7 POST /api/log, fire and forget: nothing waits for it, and a log that fails is dropped without a word
 * (it must never add a dialog to the one that usually goes with it). Untracked, so logs leave nothing in the store.
 */
export function logToServer(dispatch: LogDispatch, { level, message, error }: LogEntry): void {
  const entry: LogEntry = { level, message: message.slice(0, MESSAGE_MAX) };
  if (error !== undefined) entry.error = error.slice(0, ERROR_MAX);
  dispatch(serverLogApi.endpoints.log.initiate(entry, { track: false }));
}
