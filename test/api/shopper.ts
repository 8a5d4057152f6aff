import request from 'supertest';
import type { TestServer } from '../support/server';

/** A customer's browser on the shop's API: its own cookie jar, the web app's headers, the checkout calls. */
export function shopper(server: Pick<TestServer, 'baseUrl'>) {
  const agent = request.agent(server.baseUrl);
  const headers = { 'X-Requested-With': 'fetch', Origin: server.baseUrl };
  const post = (url: string, body: object = {}) => agent.post(url).set(headers).send(body);
  return {
    post,
    get: (url: string) => agent.get(url),
    add: (id: number) => post('/api/moveProductStockToBasket', { id, variant: null, quantity: 1 }),
    /** `units` adds of one unit each, as the web app makes them (spec §4: each add is one unit). */
    async addUnits(id: number, units: number) {
      for (let unit = 0; unit < units; unit++) await post('/api/moveProductStockToBasket', { id, variant: null, quantity: 1 }).expect(200);
    },
    checkPostcode: (postcode: string) => agent.get(`/api/postcode-distance/${encodeURIComponent(postcode)}`),
    save: () => post('/api/saveCartAsOrder'),
    method: (ta_method: 'COLLECT' | 'DELIVER', postage: number, total_cost: number, postcode: string | null = null) =>
      post('/api/updateOrder', { ta_method, postage, total_cost, postcode }),
    form: (form: object) => post('/api/updateOrder', { deliveryForm: form }),
    /** Saves a basket of one Onion Bhaji (demo menu, £3.95) to collect, with the default 10 % off, and `details`. */
    async collectOnionBhaji(details: object) {
      await post('/api/moveProductStockToBasket', { id: 1, variant: null, quantity: 1 }).expect(200);
      await post('/api/saveCartAsOrder').expect(200);
      await post('/api/updateOrder', { ta_method: 'COLLECT', postage: -40, total_cost: 355, postcode: null }).expect(200);
      const form = await post('/api/updateOrder', { deliveryForm: details });
      if (form.status !== 200) throw new Error(`the delivery form was refused (${form.status}): ${JSON.stringify(form.body)}`);
    },
    payByPhone: () => post('/api/updateOrder', { payment_method: 'PHONE', status: 'AWAITING-PAYMENT' }),
    complete: () => post('/complete-order', { payment_method: 'PHONE' }),
  };
}

/**
 * Contact details of a new customer on each call (the caps per phone and per email count customers apart):
 * `${prefix}-N@example.com` and a phone number counted up from `firstPhone`.
 */
export function newCustomers(prefix: string, firstPhone: number) {
  let count = 0;
  return (overrides: Partial<{ email: string; phone_number: string }> = {}) => {
    const n = ++count;
    return { email: `${prefix}-${n}@example.com`, full_name: 'Kim Lee', phone_number: `07911 ${firstPhone + n}`, ...overrides };
  };
}
