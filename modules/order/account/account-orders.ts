import { formatPence } from '../../../src/shared/money';
import { isAllVirtual, type KitchenStatus } from '../../../src/shared/order';
import type { AccountOrderSummary } from '../../../src/shared/order-summary';

/** A placed order of an account as the orders read model holds it (projections/orders implements the port). */
export interface AccountOrderRow {
  orderId: string;
  ref: string;
  status: KitchenStatus;
  submittedAt: string;
  completedAt: string | null;
  totalPence: number;
  postagePence: number | null;
  method: 'COLLECT' | 'DELIVER' | null;
  paymentMethod: string | null;
  fullName: string;
  address1: string;
  address2: string;
  address3: string;
  townCity: string;
  postcode: string;
  items: ReadonlyArray<{ name: string; variantName: string; quantity: number; virtual?: boolean }>;
}

/** The orders an account placed, newest first: the read model's port (issue 33). */
export interface AccountOrders {
  /** `limit` orders of the account from `offset`, newest placed first. */
  page(userId: string, offset: number, limit: number): Promise<AccountOrderRow[]>;
}

const PAYMENT_WORDS: Record<string, string> = { PHONE: 'Pay by phone', CARD: 'Card', PAYPAL: 'PayPal' };

/** The spec's order summary (§3) of one placed order, every field, as the account page shows it. */
export function orderSummaryOf(row: AccountOrderRow): AccountOrderSummary {
  const items = row.items.map((item) => ({ ...item, virtual: item.virtual ?? false }));
  const postage = row.postagePence ?? 0;
  const postageLabel = postage < 0 ? 'Collect discount' : row.method === 'COLLECT' ? 'Collection' : 'Delivery charge';
  return {
    id: row.orderId,
    placed_at: row.submittedAt,
    ref: row.ref,
    status: row.status,
    completed_at: row.completedAt,
    display_amount: formatPence(row.totalPence),
    numItems: items.reduce((sum, item) => sum + item.quantity, 0),
    payment_method: row.paymentMethod ? (PAYMENT_WORDS[row.paymentMethod] ?? row.paymentMethod) : '',
    full_name: row.fullName,
    address_1: row.address1,
    address_2: row.address2,
    address_3: row.address3,
    town_city: row.townCity,
    postcode: row.postcode,
    itemsSummary: items.map((item) => `${item.quantity} × ${item.name}${item.variantName ? ` (${item.variantName})` : ''}`).join(', '),
    formatted_postage: isAllVirtual(items) ? '' : `${postageLabel}: ${formatPence(postage)}`,
  };
}
