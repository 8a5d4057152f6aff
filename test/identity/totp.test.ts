import { base32Decode, base32Encode, generateTotpSecret, otpauthUri, totpCode, totpStep, verifyTotp } from '../../src/identity/totp';

// RFC 6238 appendix B, SHA-1: the ASCII secret "12345678901234567890", 8 digits, 30-second steps.
const RFC_SECRET = base32Encode(Buffer.from('12345678901234567890', 'ascii'));
const RFC_VECTORS: [number, string][] = [
  [59, '94287082'],
  [1111111109, '07081804'],
  [1111111111, '14050471'],
  [1234567890, '89005924'],
  [2000000000, '69279037'],
  [20000000000, '65353130'],
];
const at = (seconds: number) => new Date(seconds * 1000);

describe('TOTP (RFC 6238)', () => {
  it.each(RFC_VECTORS)('gives the RFC 6238 SHA-1 code at %i s', (seconds, code) => {
    expect(RFC_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(totpCode(RFC_SECRET, at(seconds), 8)).toBe(code);
    expect(verifyTotp({ secret: RFC_SECRET, code, at: at(seconds), digits: 8 })).toEqual({ ok: true, step: totpStep(at(seconds)) });
  });

  it('accepts the code of the step before and after, and refuses two steps away', () => {
    const now = at(1_700_000_000);
    const step = totpStep(now);
    for (const offset of [-30, 0, 30]) {
      const code = totpCode(RFC_SECRET, at(1_700_000_000 + offset));
      expect(verifyTotp({ secret: RFC_SECRET, code, at: now })).toEqual({ ok: true, step: step + offset / 30 });
    }
    for (const offset of [-60, 60]) {
      const code = totpCode(RFC_SECRET, at(1_700_000_000 + offset));
      expect(verifyTotp({ secret: RFC_SECRET, code, at: now })).toEqual({ ok: false, reason: 'wrong' });
    }
  });

  it('works in the first step of the epoch, which has no step before it', () => {
    expect(verifyTotp({ secret: RFC_SECRET, code: totpCode(RFC_SECRET, at(10)), at: at(10) })).toEqual({ ok: true, step: 0 });
  });

  it('refuses a code already used, and any code of an earlier step, once the caller stores the step', () => {
    const now = at(1111111111);
    const code = totpCode(RFC_SECRET, now, 8);
    const first = verifyTotp({ secret: RFC_SECRET, code, at: now, digits: 8, lastUsedStep: null });
    expect(first.ok).toBe(true);
    const lastUsedStep = first.ok ? first.step : 0;
    expect(verifyTotp({ secret: RFC_SECRET, code, at: now, digits: 8, lastUsedStep })).toEqual({ ok: false, reason: 'replayed' });
    const earlier = totpCode(RFC_SECRET, at(1111111111 - 30), 8);
    expect(verifyTotp({ secret: RFC_SECRET, code: earlier, at: now, digits: 8, lastUsedStep })).toEqual({ ok: false, reason: 'replayed' });
    const next = totpCode(RFC_SECRET, at(1111111111 + 30), 8);
    expect(verifyTotp({ secret: RFC_SECRET, code: next, at: at(1111111111 + 30), digits: 8, lastUsedStep })).toEqual({
      ok: true,
      step: lastUsedStep + 1,
    });
  });

  it('refuses a wrong or malformed code, and takes one typed with spaces', () => {
    const now = at(1234567890);
    const code = totpCode(RFC_SECRET, now);
    expect(code).toMatch(/^\d{6}$/);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    expect(verifyTotp({ secret: RFC_SECRET, code: wrong, at: now }).ok).toBe(false);
    expect(verifyTotp({ secret: RFC_SECRET, code: `${code.slice(0, 3)} ${code.slice(3)}`, at: now }).ok).toBe(true);
    for (const malformed of ['', '12345', '1234567', 'abcdef', '12345a', '１２３４５６']) {
      expect(verifyTotp({ secret: RFC_SECRET, code: malformed, at: now })).toEqual({ ok: false, reason: 'malformed' });
    }
  });

  it('generates random 160-bit base32 secrets that round-trip', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(base32Encode(base32Decode(secret))).toBe(secret);
    expect(generateTotpSecret()).not.toBe(secret);
    expect(base32Decode('gezd gnbv gy3t qojq gezd gnbv gy3t qojq').toString('ascii')).toBe('12345678901234567890');
    expect(() => base32Decode('not base32!')).toThrow('not a base32 secret');
  });

  it('writes an otpauth URI an authenticator app reads', () => {
    const uri = new URL(otpauthUri({ secret: RFC_SECRET, account: 'chef@spice.example', issuer: 'Spice Garden' }));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.host).toBe('totp');
    expect(decodeURIComponent(uri.pathname)).toBe('/Spice Garden:chef@spice.example');
    expect(Object.fromEntries(uri.searchParams)).toEqual({
      secret: RFC_SECRET,
      issuer: 'Spice Garden',
      algorithm: 'SHA1',
      digits: '6',
      period: '30',
    });
  });
});
