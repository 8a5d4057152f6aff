/**
 * Free text must never carry a payment card number (PCI DSS SAQ A: card data only ever goes to the payment
 * provider). A run of 13 to 19 digits, spaces or dashes allowed between them, that passes the Luhn check is
 * taken to be one.
 */
const CANDIDATE = /\d(?:[ -]?\d){12,18}/g;

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export function containsCardNumber(text: string): boolean {
  for (const match of text.matchAll(CANDIDATE)) {
    if (passesLuhn(match[0].replace(/[ -]/g, ''))) return true;
  }
  return false;
}

export const NO_CARD_NUMBERS = 'Please do not write card numbers here: you pay securely at the payment step';
