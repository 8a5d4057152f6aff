import { cardRefundEmail, refundFailedEmail } from '../../../modules/order/mail/customer-emails';
import type { OrderView } from '../../../src/shared/order';

const SHOP = { siteName: 'Spice Garden', phone: '0113 496 0000', address: '1 Leeds Road' };
const paidBy = (payment_method: string) => ({ email: 'ada@example.com', full_name: 'Ada Lovelace', ref: 'A1B2', payment_method }) as unknown as OrderView;

/** The customer mails about money say where it went: a card or a PayPal account (issue 36), never the wrong one. */
describe('the mails about money going back', () => {
  it('says a refused refund was refused by PayPal for a PayPal order, and by the bank for a card order', () => {
    const paypal = refundFailedEmail(paidBy('PAYPAL'), SHOP, { amountPence: 450 }).text;
    expect(paypal).toContain('to the PayPal account you paid with, but PayPal did not accept it');
    expect(paypal).not.toMatch(/card/i);
    const card = refundFailedEmail(paidBy('CARD'), SHOP, { amountPence: 450 }).text;
    expect(card).toContain("to the card you paid with, but your card's bank did not accept it");
    expect(card).not.toContain('PayPal');
  });

  it('words the refund of a payment no food followed for either provider', () => {
    const mail = cardRefundEmail(paidBy('PHONE'), SHOP, { amountPence: 450 });
    expect(mail.subject).toBe('Spice Garden: a payment for order A1B2 is being refunded');
    expect(mail.text).toContain('A payment of £4.50 for your order A1B2');
    expect(mail.text).toContain('to the card or PayPal account it came from');
  });
});
