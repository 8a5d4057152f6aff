import type { KitchenOrder } from '../../../src/shared/order';
import { ticketHtml, ticketLines, type TicketOptions } from '../../../modules/order/kitchen/ticket';

/** Staff spec §3, §5: the printed ticket's categories and logo (settings ta_print_categories, bt_print_logo). */
const item = (product_id: number, name: string) => ({ product_id, variant_id: null, quantity: 1, price: 500, name, virtual: false });
const order = {
  id: 'order-1',
  ref: 'A1',
  status: 'NEW',
  full_name: 'Kim Lee',
  phone_number: '07911 123456',
  allergy_info: '',
  extra_info: '',
  payment_method: 'PHONE',
  ta_method: 'COLLECT',
  voucher_code: null,
  voucher_deduction: 0,
  total_cost: 1000,
  refunded: 0,
  refund_standing: 'NONE',
  updated_at: '2026-11-20T19:00:00.000Z',
  due_by: null,
  order_items: [item(1, 'Onion Bhaji'), item(13, 'Chicken Korma')],
} as unknown as KitchenOrder;
const CATEGORY: Record<number, string> = { 1: 'Starters', 13: 'Curries' };
const options = (changes: Partial<TicketOptions> = {}): TicketOptions => ({
  siteName: 'Spice',
  logo: null,
  categories: [],
  categoryOf: (productId) => CATEGORY[productId],
  allergensOf: () => null,
  duplicate: false,
  ...changes,
});
const dishes = (ticket: TicketOptions) => ticketLines(order, ticket).filter((line) => / x /.test(line.text)).map((line) => line.text);

describe('the kitchen ticket', () => {
  it('prints every dish when no category is chosen, else only the chosen categories’ dishes', () => {
    expect(dishes(options())).toEqual(['1 x Onion Bhaji', '1 x Chicken Korma']);
    expect(dishes(options({ categories: ['Curries'] }))).toEqual(['1 x Chicken Korma']);
  });

  it('shows the logo when one is set, and none otherwise', () => {
    expect(ticketHtml(order, options({ logo: '/images/logo.png' }))).toContain('<img src="/images/logo.png" alt="" class="logo">');
    expect(ticketHtml(order, options())).not.toContain('<img');
  });

  it('says under the total what was refunded (issue 35), and nothing for an order not refunded', () => {
    const refundLine = (changes: Partial<KitchenOrder>) => ticketLines({ ...order, ...changes }, options()).filter((line) => /REFUNDED/.test(line.text)).map((line) => line.text);
    expect(refundLine({})).toEqual([]);
    expect(refundLine({ refunded: 500, refund_standing: 'PART' })).toEqual(['PART REFUNDED £5.00']);
    expect(refundLine({ refunded: 1000, refund_standing: 'FULL' })).toEqual(['REFUNDED £10.00']);
  });
});
