import { api } from '../../app/api';

interface LogEntry {
  message: string;
  error?: string;
}

/** Staff spec §7: what staff did, and what went wrong, goes to the server log. */
export const staffLogApi = api.injectEndpoints({
  endpoints: (build) => ({
    staffLogInfo: build.mutation<void, LogEntry>({
      query: (entry) => ({ url: '/api/log-info', method: 'POST', body: entry }),
    }),
    staffLogError: build.mutation<void, LogEntry>({
      query: (entry) => ({ url: '/api/log-error', method: 'POST', body: entry }),
    }),
  }),
});

export const { useStaffLogInfoMutation, useStaffLogErrorMutation } = staffLogApi;
