import { CookieSigner } from '../../src/http/cookie-signer';

describe('cookie signer', () => {
  const signer = new CookieSigner(['new-key-abcdefghij', 'old-key-0123456789']);

  it('accepts what it signed and refuses a changed value or signature', () => {
    const digest = signer.sign('shop.sid=abc123');
    expect(signer.verify('shop.sid=abc123', digest)).toBe(true);
    expect(signer.verify('shop.sid=abc124', digest)).toBe(false);
    expect(signer.verify('shop.sid=abc123', `${digest.slice(0, -1)}A`)).toBe(false);
    expect(signer.verify('shop.sid=abc123', digest.slice(0, -1))).toBe(false);
    expect(signer.verify('shop.sid=abc123', '')).toBe(false);
  });

  it('says which key signed a cookie, so one signed with an older key can be signed again', () => {
    const old = new CookieSigner(['old-key-0123456789']);
    expect(signer.index('shop.sid=abc123', signer.sign('shop.sid=abc123'))).toBe(0);
    expect(signer.index('shop.sid=abc123', old.sign('shop.sid=abc123'))).toBe(1);
    expect(signer.index('shop.sid=abc123', new CookieSigner(['another-key-xyz']).sign('shop.sid=abc123'))).toBe(-1);
  });

  it('answers a cookie it has checked before the same way, and still refuses one changed after', () => {
    const digest = signer.sign('shop.sid=again');
    const old = new CookieSigner(['old-key-0123456789']).sign('shop.sid=again');
    for (let round = 0; round < 2; round++) {
      expect(signer.index('shop.sid=again', digest)).toBe(0);
      expect(signer.index('shop.sid=again', old)).toBe(1);
      expect(signer.index('shop.sid=agaim', digest)).toBe(-1);
      expect(signer.index('shop.sid=again', `${digest.slice(0, -1)}A`)).toBe(-1);
    }
  });

  it('signs as Keygrip did, so cookies from before the change stay valid', () => {
    // Keygrip(['old-key-0123456789', ...]).sign('shop.sid=abc123-_XYZ'), computed with keygrip 1.1.
    expect(new CookieSigner(['old-key-0123456789']).sign('shop.sid=abc123-_XYZ')).toBe('Avlcf2648hyjMURefZUmaifu_H4');
  });
});
