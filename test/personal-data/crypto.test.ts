import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { decryptEnvelope, deriveMasterKeys, parseEnvelope, encryptEnvelope, EnvelopeError, newDataKey, unwrapDataKey, wrapDataKey } from '../../src/personal-data/crypto';
import { KeyCache } from '../../src/personal-data/key-cache';
import { lookupHash } from '../../src/personal-data/lookup';
import { MASTER_KEY_FILE, personalDataMasterKey } from '../../src/personal-data';
import { loadConfig } from '../../src/config';

describe('personal-data crypto (pure)', () => {
  const key = newDataKey();
  const plaintext = Buffer.from(JSON.stringify({ name: 'Sam Patel' }));

  it('reads back what it sealed, and names the key id in the clear', () => {
    const envelope = encryptEnvelope(key.keyId, key.dataKey, plaintext, 'event-1');
    expect(envelope).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(parseEnvelope(envelope).keyId).toBe(key.keyId.toString('hex'));
    expect(decryptEnvelope(envelope, key.dataKey, 'event-1').toString()).toBe(plaintext.toString());
  });

  it('gives one event the same envelope every time (a retried append is recognised), and any other message another IV', () => {
    const ivOf = (envelope: string) => Buffer.from(envelope, 'base64url').subarray(17, 29).toString('hex');
    expect(encryptEnvelope(key.keyId, key.dataKey, plaintext, 'event-1')).toBe(encryptEnvelope(key.keyId, key.dataKey, plaintext, 'event-1'));
    const seen = new Set<string>();
    for (let i = 0; i < 5_000; i++) {
      seen.add(ivOf(encryptEnvelope(key.keyId, key.dataKey, plaintext, `event-${i}`)));
      seen.add(ivOf(encryptEnvelope(key.keyId, key.dataKey, Buffer.from(`{"note":"${i}"}`), 'event-1')));
    }
    expect(seen.size).toBe(10_000);
  });

  it('refuses an envelope moved to another context, another key id, or a different version', () => {
    const envelope = encryptEnvelope(key.keyId, key.dataKey, plaintext, 'event-1');
    expect(() => decryptEnvelope(envelope, key.dataKey, 'event-2')).toThrow(EnvelopeError);
    const bytes = Buffer.from(envelope, 'base64url');
    const otherId = Buffer.from(bytes);
    otherId[5] ^= 1;
    expect(() => decryptEnvelope(otherId.toString('base64url'), key.dataKey, 'event-1')).toThrow(EnvelopeError);
    const otherVersion = Buffer.from(bytes);
    otherVersion[0] = 2;
    expect(() => decryptEnvelope(otherVersion.toString('base64url'), key.dataKey, 'event-1')).toThrow('unknown envelope version 2');
    expect(() => decryptEnvelope('not an envelope!', key.dataKey, '')).toThrow(EnvelopeError);
    expect(() => decryptEnvelope(bytes.subarray(0, 40).toString('base64url'), key.dataKey, '')).toThrow('too short');
  });

  it('binds a wrapped data key to its subject and key id, and to the master key', () => {
    const master = deriveMasterKeys(randomBytes(32));
    const wrapped = wrapDataKey(master, 'customer:a', key);
    expect(unwrapDataKey(master, 'customer:a', key.keyId, wrapped).equals(key.dataKey)).toBe(true);
    expect(() => unwrapDataKey(master, 'customer:b', key.keyId, wrapped)).toThrow(EnvelopeError);
    expect(() => unwrapDataKey(deriveMasterKeys(randomBytes(32)), 'customer:a', key.keyId, wrapped)).toThrow(EnvelopeError);
  });

  it('derives separate wrapping and lookup keys, and a stable fingerprint, from one master key', () => {
    const bytes = randomBytes(32);
    const master = deriveMasterKeys(bytes);
    expect(master.wrappingKey.equals(master.lookupKey)).toBe(false);
    expect(master.wrappingKey.equals(bytes)).toBe(false);
    expect(deriveMasterKeys(Buffer.from(bytes)).id).toBe(master.id);
    expect(() => deriveMasterKeys(randomBytes(16))).toThrow('32 bytes');
  });

  it('hashes an email or phone after normalising it, under its own key', () => {
    const lookupKey = randomBytes(32);
    expect(lookupHash(lookupKey, 'email', '  Sam@Example.COM ')).toBe(lookupHash(lookupKey, 'email', 'sam@example.com'));
    expect(lookupHash(lookupKey, 'email', 'sam@example.com')).not.toBe(lookupHash(lookupKey, 'email', 'sal@example.com'));
    expect(lookupHash(lookupKey, 'phone', '07700 900123')).toBe(lookupHash(lookupKey, 'phone', '+44 7700 900123'));
    expect(lookupHash(lookupKey, 'phone', '07700 900123')).not.toBe(lookupHash(lookupKey, 'phone', '07700 900124'));
    expect(lookupHash(lookupKey, 'email', 'sam@example.com')).not.toBe(lookupHash(randomBytes(32), 'email', 'sam@example.com'));
    expect(lookupHash(lookupKey, 'email', 'sam@example.com')).not.toContain('sam');
  });
});

describe('the key cache', () => {
  it('keeps the most recently used keys up to its bound, and lets keys (not erasures) expire', () => {
    let now = 0;
    const cache = new KeyCache(2, 1000, () => now);
    const dataKey = randomBytes(32);
    cache.set('a', { kind: 'key', subjectId: 'customer:a', dataKey });
    cache.set('b', { kind: 'erased' });
    expect(cache.get('a')).toBeDefined(); // a is now the most recent
    cache.set('c', { kind: 'key', subjectId: 'customer:c', dataKey });
    expect(cache.get('b')).toBeUndefined();
    expect(cache.size).toBe(2);
    cache.set('b', { kind: 'erased' });
    now = 1000;
    expect(cache.get('c')).toBeUndefined();
    expect(cache.get('b')).toEqual({ kind: 'erased' });
  });

  it('never lets a key loaded before its erasure take the erasure\'s place', () => {
    const cache = new KeyCache(10, 1000, () => 0);
    cache.set('a', { kind: 'erased' });
    cache.set('a', { kind: 'key', subjectId: 'customer:a', dataKey: randomBytes(32) });
    expect(cache.get('a')).toEqual({ kind: 'erased' });
  });
});

describe('the master key', () => {
  const dataDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'pii-key-'));

  it('is generated once into DATA_DIR, readable by the owner only, and kept across starts', () => {
    const dir = dataDir();
    const first = personalDataMasterKey(undefined, dir);
    expect(first).toHaveLength(32);
    expect(fs.statSync(path.join(dir, MASTER_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(personalDataMasterKey(undefined, dir).equals(first)).toBe(true);
    fs.rmSync(dir, { recursive: true });
  });

  it('comes from PERSONAL_DATA_MASTER_KEY when set, and a malformed one stops start-up naming the variable', () => {
    const configured = randomBytes(32).toString('base64');
    const config = loadConfig({ PERSONAL_DATA_MASTER_KEY: configured });
    const dir = dataDir();
    expect(personalDataMasterKey(config.PERSONAL_DATA_MASTER_KEY, dir).toString('base64')).toBe(configured);
    expect(fs.existsSync(path.join(dir, MASTER_KEY_FILE))).toBe(false);
    expect(() => loadConfig({ PERSONAL_DATA_MASTER_KEY: randomBytes(16).toString('base64') })).toThrow('PERSONAL_DATA_MASTER_KEY');
    expect(() => loadConfig({ PERSONAL_DATA_MASTER_KEY: 'x'.repeat(44) })).toThrow('PERSONAL_DATA_MASTER_KEY');
    fs.rmSync(dir, { recursive: true });
  });
});
