import type { NightReport } from '../../../../../src/shared/night-report';
import { api } from '../../../app/api';

export type { NightReport };

/** The night report of a trading day (issue 40 item 6); no day: the current trading day. */
export const nightApi = api.injectEndpoints({
  endpoints: (build) => ({
    nightReport: build.query<NightReport, string | undefined>({
      query: (day) => (day ? `/api/night-report?day=${encodeURIComponent(day)}` : '/api/night-report'),
      transformResponse: (answer: { status: true; report: NightReport }) => answer.report,
    }),
  }),
});

export const { useNightReportQuery } = nightApi;

export const nightReportCsvUrl = (day: string) => `/api/night-report.csv?day=${encodeURIComponent(day)}`;
