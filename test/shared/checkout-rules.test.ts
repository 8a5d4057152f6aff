/** Issue 38 item 6: the rules the delivery form and the server share, and the words a failed call becomes. */
import { ADDRESS_1_REQUIRED, addressProblems, addressRefusal, TOWN_CITY_REQUIRED } from '../../src/shared/delivery-address';
import { normaliseUkPhoneNumber, PHONE_INVALID } from '../../src/shared/phone';
import { declineText } from '../../src/shared/payment-texts';
import { FORM_INVALID } from '../../src/shared/postcode';
import { ukPhoneNumberText } from '../../src/shared/text';
import { errorDetail, errorText, UNREACHABLE } from '../../web/src/app/serverMessage';
import { validateDetails } from '../../web/src/features/deliveryForm/deliveryFormRules';

const details = (fields: Partial<Record<string, string>> = {}) => ({
  email: 'sam@example.com',
  full_name: 'Sam Smith',
  address_1: '',
  address_2: '',
  address_3: '',
  town_city: '',
  postcode: '',
  phone_number: '07911 123456',
  delivery_info: '',
  allergy_info: '',
  ...fields,
});

describe('the address rule', () => {
  it('asks nothing of a collection', () => {
    expect(addressProblems({ address_1: '', town_city: '', postcode: 'not mine' }, false)).toEqual([]);
  });

  it("a delivery needs line 1, the town and a valid postcode, with the spec's texts, in the form's order", () => {
    expect(addressProblems({ address_1: ' ', town_city: '', postcode: 'LS2' }, true)).toEqual([
      { field: 'address_1', message: ADDRESS_1_REQUIRED },
      { field: 'town_city', message: TOWN_CITY_REQUIRED },
      { field: 'postcode', message: FORM_INVALID },
    ]);
    expect(addressProblems({ address_1: '1 Hyde Park Road', town_city: 'Leeds', postcode: 'ls2 9jt' }, true)).toEqual([]);
    expect(addressRefusal({ field: 'address_1', message: ADDRESS_1_REQUIRED })).toBe('address_1: Address line 1 is required for delivery');
  });

  it('is the one the delivery form shows', () => {
    expect(validateDetails(details({ postcode: 'LS2' }), true)).toEqual({ address_1: ADDRESS_1_REQUIRED, town_city: TOWN_CITY_REQUIRED, postcode: FORM_INVALID });
    expect(validateDetails(details(), false)).toEqual({});
  });
});

describe('the phone rule', () => {
  const numbers = ['07911 123456', '+44 7911 123457', '0113 496 0000 ext. 12', '07700 900123', '12345', '+1 212 555 0100', '01632 960001', '020 7946 0000'];

  it('the form takes exactly the numbers the server takes (a drama-only number is refused by both)', () => {
    for (const number of numbers) {
      const server = ukPhoneNumberText().safeParse(number).success;
      const form = validateDetails(details({ phone_number: number }), false).phone_number === undefined;
      expect({ number, form }).toEqual({ number, form: server });
    }
    expect(normaliseUkPhoneNumber('07700 900123')).toBeNull();
    expect(validateDetails(details({ phone_number: '07700 900123' }), false).phone_number).toBe(PHONE_INVALID);
    expect(normaliseUkPhoneNumber('+44 7911 123457')).toBe('07911 123457');
  });
});

describe('a failed call in words', () => {
  it('never shows the browser its raw text', () => {
    expect(errorText({ error: { status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' } })).toBe(UNREACHABLE);
    expect(errorText(new TypeError('Failed to fetch'))).toBe(UNREACHABLE);
    expect(errorText({ status: 'TIMEOUT_ERROR', error: 'AbortError: signal timed out' })).toBe('The shop took too long to answer; please try again');
    expect(errorText({ status: 'PARSING_ERROR', originalStatus: 502, data: '<html>', error: 'SyntaxError: Unexpected token <' })).toBe(
      "The shop's answer could not be read; please try again",
    );
    expect(errorText({ name: 'TypeError', message: "Cannot read properties of undefined (reading 'id')" })).toBe('Something went wrong; please try again');
    expect(errorText({ status: 503, data: null })).toBe('The shop could not do that just now (error 503); please try again');
  });

  it("gives the server's own sentence, and our own thrown sentences", () => {
    expect(errorText({ status: 500, data: { status: false, message: 'Database down' } })).toBe('Database down');
    expect(errorText(new Error('Your card was declined.'))).toBe('Your card was declined.');
  });

  it('keeps the raw text for the server log only', () => {
    expect(errorDetail({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe('TypeError: Failed to fetch');
  });
});

describe("a declined card's reason", () => {
  it("is the bank's reason as a sentence, else the provider's message, else a plain refusal", () => {
    expect(declineText({ message: 'Your card has insufficient funds.', decline_code: 'insufficient_funds' })).toBe('Your bank declined the card: there is not enough money on it.');
    expect(declineText({ message: 'Your card was declined.', decline_code: 'generic_decline' })).toBe('Your card was declined.');
    expect(declineText({ decline_code: 'do_not_honor' })).toBe('Your bank declined the card; please try another card or pay another way.');
    expect(declineText(null)).toBe('Your bank declined the card; please try another card or pay another way.');
  });
});
