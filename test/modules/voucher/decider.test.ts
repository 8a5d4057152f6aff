import { voucherDecider, type ReserveUse } from '../../../modules/voucher/decider';
import type { VoucherEvent, VoucherTerms } from '../../../modules/voucher/events';
import { CODE_ALPHABET, codeBits, generateCodes, GENERATED_CODE_LENGTH } from '../../../modules/voucher/codes';
import { notYetValid, spendAtLeast, VOUCHER_TEXTS, type UseFacts } from '../../../modules/voucher/rules';
import { normaliseVoucherCode, voucherDeductionPence } from '../../../src/shared/voucher';
import { orderTotalPence } from '../../../src/shared/order';
import { specFor } from '../../support/given-when-then';

const spec = specFor(voucherDecider);
const voucherId = '77777777-7777-4777-8777-777777777777';
const orderId = '55555555-5555-4555-8555-555555555555';
const otherOrder = '66666666-6666-4666-8666-666666666666';
const now = '2026-11-20T18:00:00.000Z';
const terms: VoucherTerms = {
  description: '10% off',
  benefit: { kind: 'percent', percent: 10 },
  minSpendPence: 0,
  validFrom: null,
  validUntil: null,
  method: 'ANY',
  firstOrderOnly: false,
  maxUses: null,
  maxUsesPerCustomer: null,
};
const created = (overrides: Partial<VoucherTerms> = {}, codes = ['SAVE10'], singleUse = false): VoucherEvent => ({
  type: 'VoucherCreated',
  data: { voucherId, codes, singleUse, terms: { ...terms, ...overrides }, createdAt: now },
});
const facts: UseFacts = { code: 'SAVE10', orderId, now, itemsTotalPence: 2000, postagePence: -200, method: 'COLLECT', customerPaidOrders: 0, customerUses: 0 };
const reserve = (overrides: Partial<UseFacts> = {}): ReserveUse => ({ type: 'ReserveUse', facts: { ...facts, ...overrides } });
const reserved = (order = orderId, deductionPence = 200, code = 'SAVE10'): VoucherEvent => ({
  type: 'VoucherUseReserved',
  data: { voucherId, orderId: order, code, deductionPence, reservedAt: now },
});

describe('the deduction (src/shared/voucher.ts)', () => {
  it('takes a percentage of the items, rounded half up to the penny', () => {
    expect(voucherDeductionPence({ kind: 'percent', percent: 10 }, { itemsTotalPence: 395, postagePence: 0 })).toBe(40); // 39.5p
    expect(voucherDeductionPence({ kind: 'percent', percent: 10 }, { itemsTotalPence: 394, postagePence: 0 })).toBe(39); // 39.4p
    expect(voucherDeductionPence({ kind: 'percent', percent: 15 }, { itemsTotalPence: 1010, postagePence: 0 })).toBe(152); // 151.5p
  });
  it('computes the collect discount and the voucher each on the items: 10 % and 10 % of £20.00 leave £16.00', () => {
    const deduction = voucherDeductionPence({ kind: 'percent', percent: 10 }, { itemsTotalPence: 2000, postagePence: -200 });
    expect(orderTotalPence({ itemsTotalPence: 2000, postagePence: -200, voucherDeductionPence: deduction })).toBe(1600);
  });
  it('takes a fixed amount off, never more than the order costs', () => {
    expect(voucherDeductionPence({ kind: 'fixed', pence: 500 }, { itemsTotalPence: 2000, postagePence: 150 })).toBe(500);
    expect(voucherDeductionPence({ kind: 'fixed', pence: 500 }, { itemsTotalPence: 395, postagePence: -40 })).toBe(355);
  });
  it('makes delivery free: the delivery charge, and nothing on a collect discount', () => {
    expect(voucherDeductionPence({ kind: 'free_delivery' }, { itemsTotalPence: 2000, postagePence: 250 })).toBe(250);
    expect(voucherDeductionPence({ kind: 'free_delivery' }, { itemsTotalPence: 2000, postagePence: -200 })).toBe(0);
  });
  it('reads codes in any case', () => expect(normaliseVoucherCode('  save10 ')).toBe('SAVE10'));
});

describe('voucher decider', () => {
  describe('CreateVoucher, EditVoucher, SetVoucherEnabled', () => {
    const create = { type: 'CreateVoucher' as const, voucherId, codes: ['SAVE10'], singleUse: false, terms, now };
    it('creates a voucher once; a retry changes nothing', () => {
      spec([]).when(create).then([created()]);
      spec([created()]).when(create).then([]);
    });
    it('edits the terms, and only when they change', () => {
      const edited = { ...terms, minSpendPence: 1500 };
      spec([created()]).when({ type: 'EditVoucher', voucherId, terms: edited, now }).then([{ type: 'VoucherEdited', data: { voucherId, terms: edited, editedAt: now } }]);
      spec([created()]).when({ type: 'EditVoucher', voucherId, terms, now }).then([]);
      spec([]).when({ type: 'EditVoucher', voucherId, terms, now }).thenFails('There is no such voucher', 'not_found');
    });
    it('disables and enables', () => {
      const disabled: VoucherEvent = { type: 'VoucherDisabled', data: { voucherId, disabledAt: now } };
      spec([created()]).when({ type: 'SetVoucherEnabled', voucherId, enabled: false, now }).then([disabled]);
      spec([created(), disabled]).when({ type: 'SetVoucherEnabled', voucherId, enabled: false, now }).then([]);
      spec([created(), disabled]).when({ type: 'SetVoucherEnabled', voucherId, enabled: true, now }).then([{ type: 'VoucherEnabled', data: { voucherId, enabledAt: now } }]);
    });
  });

  describe('ReserveUse: every rule and its refusal', () => {
    it('reserves the deduction for the order; a retry for the same order reserves nothing more', () => {
      spec([created()]).when(reserve()).then([reserved()]);
      spec([created(), reserved()]).when(reserve()).then([]);
    });
    it('refuses a code it does not have, and a disabled voucher', () => {
      spec([created()]).when(reserve({ code: 'SAVE11' })).thenFails(VOUCHER_TEXTS.unknown, 'conflict');
      spec([created(), { type: 'VoucherDisabled', data: { voucherId, disabledAt: now } }]).when(reserve()).thenFails(VOUCHER_TEXTS.disabled);
    });
    it('is valid from its start until (not including) its end', () => {
      spec([created({ validFrom: '2026-11-21T00:00:00.000Z' })]).when(reserve()).thenFails(notYetValid('2026-11-21T00:00:00.000Z'));
      expect(notYetValid('2026-11-21T00:00:00.000Z')).toBe('This code can be used from 2026-11-21');
      spec([created({ validUntil: now })]).when(reserve()).thenFails('This code has expired');
      spec([created({ validFrom: now, validUntil: '2026-11-20T18:00:01.000Z' })]).when(reserve()).then([reserved()]);
    });
    it('asks for a minimum spend on the items', () => {
      spec([created({ minSpendPence: 1500 })]).when(reserve({ itemsTotalPence: 1499 })).thenFails('Spend £15.00 or more to use this code');
      spec([created({ minSpendPence: 1500 })]).when(reserve({ itemsTotalPence: 1500 })).then([reserved(orderId, 150)]);
      expect(spendAtLeast(1500)).toBe('Spend £15.00 or more to use this code');
    });
    it('keeps a collect-only code to collection and a deliver-only code to delivery', () => {
      spec([created({ method: 'COLLECT' })]).when(reserve({ method: 'DELIVER', postagePence: 150 })).thenFails(VOUCHER_TEXTS.collectOnly);
      spec([created({ method: 'DELIVER' })]).when(reserve()).thenFails(VOUCHER_TEXTS.deliverOnly);
      spec([created({ method: 'DELIVER' })]).when(reserve({ method: null, postagePence: 0 })).thenFails(VOUCHER_TEXTS.chooseMethodFirst);
      spec([created({ method: 'COLLECT' })]).when(reserve()).then([reserved()]);
    });
    it('refuses free delivery on a collect order with a clear message', () => {
      spec([created({ benefit: { kind: 'free_delivery' } })]).when(reserve()).thenFails(VOUCHER_TEXTS.freeDeliveryOnCollect);
      spec([created({ benefit: { kind: 'free_delivery' } })]).when(reserve({ method: 'DELIVER', postagePence: 250 })).then([reserved(orderId, 250)]);
    });
    it('keeps a first-order code to a customer with no paid order before', () => {
      spec([created({ firstOrderOnly: true })]).when(reserve({ customerPaidOrders: 1 })).thenFails(VOUCHER_TEXTS.firstOrderOnly);
      spec([created({ firstOrderOnly: true })]).when(reserve()).then([reserved()]);
    });
    it('caps the uses of all its codes, reserved ones included; a released use frees its place', () => {
      const capped = created({ maxUses: 1 });
      spec([capped, reserved(otherOrder)]).when(reserve()).thenFails(VOUCHER_TEXTS.usedUp);
      const released: VoucherEvent = { type: 'VoucherUseReleased', data: { voucherId, orderId: otherOrder, releasedAt: now, reason: 'lapsed' } };
      spec([capped, reserved(otherOrder), released]).when(reserve()).then([reserved()]);
    });
    it('caps the uses per customer', () => {
      spec([created({ maxUsesPerCustomer: 2 })]).when(reserve({ customerUses: 2 })).thenFails(VOUCHER_TEXTS.perCustomer);
      spec([created({ maxUsesPerCustomer: 2 })]).when(reserve({ customerUses: 1 })).then([reserved()]);
    });
    it('uses each code of a batch once, whatever the caps', () => {
      const batch = created({}, ['AAAA2222', 'BBBB3333'], true);
      spec([batch, reserved(otherOrder, 200, 'AAAA2222')]).when(reserve({ code: 'AAAA2222' })).thenFails(VOUCHER_TEXTS.alreadyUsed);
      spec([batch, reserved(otherOrder, 200, 'AAAA2222')]).when(reserve({ code: 'BBBB3333' })).then([reserved(orderId, 200, 'BBBB3333')]);
    });
    it('refuses a code that would take nothing off', () =>
      spec([created({ benefit: { kind: 'free_delivery' } })]).when(reserve({ method: 'DELIVER', postagePence: 0 })).thenFails(VOUCHER_TEXTS.nothingOff));
  });

  describe('ConfirmUse and ReleaseUse', () => {
    it('confirms a reserved use once', () => {
      const confirmed: VoucherEvent = { type: 'VoucherUseConfirmed', data: { voucherId, orderId, confirmedAt: now } };
      spec([created(), reserved()]).when({ type: 'ConfirmUse', orderId, now }).then([confirmed]);
      spec([created(), reserved(), confirmed]).when({ type: 'ConfirmUse', orderId, now }).then([]);
      spec([created()]).when({ type: 'ConfirmUse', orderId, now }).thenFails('holds no use', 'conflict');
    });
    it('releases a held use once; releasing what is not held changes nothing', () => {
      const released: VoucherEvent = { type: 'VoucherUseReleased', data: { voucherId, orderId, releasedAt: now, reason: 'cancelled' } };
      spec([created(), reserved()]).when({ type: 'ReleaseUse', orderId, now, reason: 'cancelled' }).then([released]);
      spec([created(), reserved(), released]).when({ type: 'ReleaseUse', orderId, now, reason: 'cancelled' }).then([]);
      spec([created()]).when({ type: 'ReleaseUse', orderId, now, reason: 'lapsed' }).then([]);
    });
  });
});

describe('generated codes', () => {
  it('are 8 characters of an alphabet without look-alikes, at least 40 bits each, all different', () => {
    const codes = generateCodes(200);
    expect(new Set(codes).size).toBe(200);
    for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${GENERATED_CODE_LENGTH}}$`));
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
    expect(codeBits()).toBeGreaterThanOrEqual(40);
  });
});
