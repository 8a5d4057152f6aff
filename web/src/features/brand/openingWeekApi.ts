import { api } from '../../app/api';
import type { Shift } from '../../../../src/shared/shifts';

/** GET /api/opening-hours/week: the seven days from today, as the store's opening-hours rules give them. */
export interface OpeningWeek {
  today: string;
  days: Array<{ date: string; shifts: Shift[]; special: string | null }>;
}

export const openingWeekApi = api.injectEndpoints({
  endpoints: (build) => ({
    openingWeek: build.query<OpeningWeek, void>({
      query: () => '/api/opening-hours/week',
      providesTags: ['Settings'],
    }),
  }),
});

export const { useOpeningWeekQuery } = openingWeekApi;
