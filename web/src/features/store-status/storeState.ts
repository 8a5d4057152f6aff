import { STORE_STATUSES, type StoreStatus } from '../../../../src/shared/store-status';

export type StoreState = StoreStatus;
/** The store module's statuses, in the staff panel's order (staff spec §2: closed, open, busy, slammed). */
export const STORE_STATES: readonly StoreState[] = ['closed', ...STORE_STATUSES.filter((state) => state !== 'closed')];

