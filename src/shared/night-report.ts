/** The night report (issue 40 item 6): one trading day's figures, as `GET /api/night-report` answers them. */

/** Orders and takings (pence) of one group: a payment method or an hour. */
export interface NightGroup {
  key: string;
  orders: number;
  takingsPence: number;
}

/** Minutes between two steps of the day's orders: how many had both, their mean and 90th percentile (nearest rank). */
export interface NightDuration {
  orders: number;
  averageMinutes: number | null;
  p90Minutes: number | null;
}

export interface NightBestSeller {
  dish: string;
  quantity: number;
  takingsPence: number;
}

/** A dish that sold out on the day (its shelf reached none), and when it came back, if it did that day. */
export interface NightSoldOut {
  dish: string;
  soldOutAt: string;
  backAt: string | null;
}

export interface NightReport {
  /** The trading day, YYYY-MM-DD. */
  day: string;
  orders: number;
  /** The day's takings: its orders that count, less the refunds made on it (the day's tally). */
  takingsPence: number;
  byMethod: NightGroup[];
  /** By London hour ('19:00') of the payment (of placing when paid at placing), as the takings CSV times them. */
  byHour: NightGroup[];
  refunds: { count: number; totalPence: number };
  vouchers: { count: number; discountPence: number };
  paidToPrinted: NightDuration;
  paidToCompleted: NightDuration;
  /** The kitchen's promised ready time (due by) against completion: how many were completed by it, and the mean lateness. */
  promised: { orders: number; onTime: number; averageMinutesLate: number | null };
  bestSellers: NightBestSeller[];
  soldOut: NightSoldOut[];
}

/** The CSV's columns (GET /api/night-report.csv): one row per hour, then a 'total' row. */
export const NIGHT_REPORT_CSV_COLUMNS = ['hour', 'orders', 'takings_pence'] as const;
