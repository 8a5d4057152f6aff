import { dishNotOffered, type CatalogueProduct } from '../../modules/catalog';
import { SETTINGS } from '../../modules/store';
import { isEmailAddress, looksLikeUkPhone } from '../../src/shared/contact';
import { dishName, notOfferedMessage } from '../../src/shared/menu';
import { isAllVirtual, itemsTotalPence, needsAddress, orderRef, orderTotalPence } from '../../src/shared/order';
import { collectPostage } from '../../src/shared/postage';
import { SETTING_KEYS, unprintedAlarmMinutes } from '../../src/shared/setting-keys';
import {
  CLOSED_BANNER,
  CLOSED_NOTICE,
  CLOSED_REFUSAL,
  CLOSED_TITLE,
  deliveryMinutesFor,
  deliveryMinutesKey,
  dueByFrom,
  isOrderingClosed,
} from '../../src/shared/store-status';

describe('rules the server and the web app share', () => {
  describe('items total and all-virtual', () => {
    it('adds unit price times quantity', () =>
      expect(itemsTotalPence([{ unitPricePence: 395, quantity: 2 }, { unitPricePence: 950, quantity: 1 }])).toBe(1740));
    it('is 0 for no lines', () => expect(itemsTotalPence([])).toBe(0));
    it('all-virtual needs at least one line, every one virtual', () => {
      expect(isAllVirtual([{ virtual: true }, { virtual: true }])).toBe(true);
      expect(isAllVirtual([{ virtual: true }, { virtual: false }])).toBe(false);
      expect(isAllVirtual([])).toBe(false);
    });
  });

  describe('collect postage', () => {
    const percent = { offer: true, type: 'Percentage %' as const, amountOrPercent: 10 };
    it('is the rounded discount as negative postage', () => expect(collectPostage(1745, false, percent)).toBe(-175));
    it('is nothing for an all-virtual basket, or when not offered', () => {
      expect(collectPostage(1745, true, percent)).toBe(0);
      expect(collectPostage(1745, false, { ...percent, offer: false })).toBe(0);
    });
  });

  describe('address needed', () => {
    const dish = [{ virtual: false }];
    const voucher = [{ virtual: true }];
    it('in takeaway mode, only for a delivery', () => {
      expect(needsAddress({ takeaway: true, method: 'DELIVER', items: dish })).toBe(true);
      expect(needsAddress({ takeaway: true, method: 'COLLECT', items: dish })).toBe(false);
      expect(needsAddress({ takeaway: true, method: null, items: dish })).toBe(false);
    });
    it('outside takeaway mode, for anything that is not virtual', () => {
      expect(needsAddress({ takeaway: false, method: null, items: dish })).toBe(true);
      expect(needsAddress({ takeaway: false, method: null, items: voucher })).toBe(false);
    });
  });

  describe('total and reference of an order', () => {
    it('total = items + postage - voucher deduction', () => {
      expect(orderTotalPence({ itemsTotalPence: 1900, postagePence: -190, voucherDeductionPence: 0 })).toBe(1710);
      expect(orderTotalPence({ itemsTotalPence: 1900, postagePence: 250, voucherDeductionPence: 500 })).toBe(1650);
    });
    it('the reference is the id’s first eight characters, upper case', () => expect(orderRef('5a5b5c5d-5555-4555-8555-555555555555')).toBe('5A5B5C5D'));
  });

  describe('email and UK phone first sieves', () => {
    it.each([
      ['sam@example.com', true],
      [' sam@example.com ', true],
      ['sam@example', false],
      ['sam@@example.com', false],
      ['sam smith@example.com', false],
    ])('email %j → %s', (input, expected) => expect(isEmailAddress(input)).toBe(expected));
    it.each([
      ['07911 123456', true],
      ['+44 (0)113 496 0000', true],
      ['0044 113 496 0000', true],
      ['0113 496 0000 ext 12', true],
      ['12345', false],
      ['+1 202 555 0143', false],
    ])('phone %j → %s', (input, expected) => expect(looksLikeUkPhone(input)).toBe(expected));
  });

  describe('the store closed', () => {
    it('refuses adding and checking out in takeaway mode only', () => {
      expect(isOrderingClosed({ isTakeaway: true, orderStatus: 'closed' })).toBe(true);
      expect(isOrderingClosed({ isTakeaway: true, orderStatus: 'busy' })).toBe(false);
      expect(isOrderingClosed({ isTakeaway: false, orderStatus: 'closed' })).toBe(false);
    });
    it('says so in the spec’s words', () => {
      expect(CLOSED_TITLE).toBe("Sorry, we're closed & not taking orders right now");
      expect(CLOSED_REFUSAL).toBe("Sorry, we're closed & not taking orders right now. Please try again when we're next open");
      expect(CLOSED_NOTICE).toBe("Sorry, we're closed & not taking orders right now. Please try again when we're next open.");
      expect(CLOSED_BANNER).toBe("CLOSED - we're not taking orders right now");
    });
  });

  describe('delivery minutes and due-by', () => {
    const minutes = { open_delivery_minutes: 31, busy_delivery_minutes: 61, slammed_delivery_minutes: 91 };
    it('each status has its setting; a closed store quotes the open minutes', () => {
      expect(deliveryMinutesKey('busy')).toBe('busy_delivery_minutes');
      expect(deliveryMinutesKey('closed')).toBe('open_delivery_minutes');
      expect(deliveryMinutesFor('slammed', minutes)).toBe(91);
    });
    it('due by = paid time + the minutes of the status then', () =>
      expect(dueByFrom('2026-11-20T18:00:00.000Z', 'busy', minutes)).toBe('2026-11-20T19:01:00.000Z'));
  });

  describe('settings', () => {
    it('the shared key list is exactly the store module’s settings', () => expect([...SETTING_KEYS].sort()).toEqual(Object.keys(SETTINGS).sort()));
    it('the unprinted alarm is the setting, or its default while unknown or not a positive number', () => {
      expect(unprintedAlarmMinutes(5)).toBe(5);
      expect(unprintedAlarmMinutes(undefined)).toBe(SETTINGS.unprinted_alarm_minutes.default);
      expect(unprintedAlarmMinutes(0)).toBe(2);
      expect(unprintedAlarmMinutes('5')).toBe(2);
    });
  });

  describe('dishes on offer', () => {
    const product: CatalogueProduct = {
      id: 1, name: 'Chicken Korma', short_desc: '', description: '', price: 950, image: null, image_srcset: null, vat_rate: 'standard', allergens: [], allergens_declared: false, vegetarian: false, vegan: false, spice: 0, status: 'active', virtual: false, category_id: 1, position: 1,
      variants: [{ id: 2, name: 'Large', incremental_price: 200, weighting: 1, allergens: [], allergens_declared: false, status: 'active' }],
    };
    it('names a dish with its variant in brackets', () => {
      expect(dishName('Chicken Korma', 'Large')).toBe('Chicken Korma (Large)');
      expect(dishName('Onion Bhaji', '')).toBe('Onion Bhaji');
      expect(notOfferedMessage('Onion Bhaji')).toBe('Sorry, Onion Bhaji is not available right now');
    });
    it('a dish is offered while its product and variant are active; a refusal names what was taken off', () => {
      expect(dishNotOffered(product, 2)).toBeNull();
      expect(dishNotOffered({ ...product, variants: [{ ...product.variants[0], status: 'out-of-stock' }] }, 2)).toBe('Chicken Korma (Large)');
      expect(dishNotOffered({ ...product, status: 'out-of-stock' }, 2)).toBe('Chicken Korma');
    });
  });
});
