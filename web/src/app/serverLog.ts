import { showDialog, type DialogContent } from '../features/dialog/dialogSlice';
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

type LogDispatch = (action: ReturnType<typeof serverLogApi.endpoints.log.initiate> | ReturnType<typeof showDialog>) => unknown;

/** What a critical log line shows, unless the caller says otherwise. */
const criticalDialog = (message: string): DialogContent => ({ title: 'Sorry', message, look: 'error' });

/**
 * Spec §7 POST /api/log, fire and forget: nothing waits for it, and a log that fails is dropped without a word.
 * Untracked, so logs leave nothing in the store. Both specs §7: a 'critical' line also shows a dialog, by
 * default its message; `dialog` gives the customer words of its own.
 */
export function logToServer(dispatch: LogDispatch, { level, message, error }: LogEntry, dialog?: DialogContent): void {
  if (level === 'critical') dispatch(showDialog(dialog ?? criticalDialog(message)));
  const entry: LogEntry = { level, message: message.slice(0, MESSAGE_MAX) };
  if (error !== undefined) entry.error = error.slice(0, ERROR_MAX);
  dispatch(serverLogApi.endpoints.log.initiate(entry, { track: false }));
}
