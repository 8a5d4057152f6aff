import { randomInt } from 'node:crypto';

/** 32 symbols without the look-alikes 0/O and 1/I: 5 bits a character. Codes are read in capitals. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** 8 characters of 5 bits: 40 bits of randomness each, as issue 19 asks. */
export const GENERATED_CODE_LENGTH = 8;

export const codeBits = (length = GENERATED_CODE_LENGTH) => length * Math.log2(CODE_ALPHABET.length);

/** `count` distinct single-use codes, each drawn from the operating system's random source. */
export function generateCodes(count: number, draw: (max: number) => number = randomInt): string[] {
  const codes = new Set<string>();
  while (codes.size < count) {
    let code = '';
    for (let index = 0; index < GENERATED_CODE_LENGTH; index++) code += CODE_ALPHABET[draw(CODE_ALPHABET.length)];
    codes.add(code);
  }
  return [...codes];
}
