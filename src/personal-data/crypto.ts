import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/** The first byte of every envelope; a later format gets a new number and this code keeps reading version 1. */
export const ENVELOPE_VERSION = 1;
export const MASTER_KEY_BYTES = 32;
const DATA_KEY_BYTES = 32;
const KEY_ID_BYTES = 16;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + KEY_ID_BYTES;

/** Something about an envelope or a wrapped key is wrong: tampered, truncated, moved, or under another key. */
export class EnvelopeError extends Error {
  override name = 'EnvelopeError';
}

/** The keys derived from one master key, each for one job, so a lookup hash never shares a key with encryption. */
export interface MasterKeys {
  /** A public fingerprint stored with each wrapped key, naming the master key that wrapped it. */
  readonly id: string;
  readonly wrappingKey: Buffer;
  readonly lookupKey: Buffer;
}

export function deriveMasterKeys(master: Buffer): MasterKeys {
  if (master.length !== MASTER_KEY_BYTES) throw new Error(`the personal-data master key must be ${MASTER_KEY_BYTES} bytes`);
  const derive = (info: string) => Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), info, 32));
  return {
    id: derive('takeaway-shop personal-data master key id v1').subarray(0, 8).toString('hex'),
    wrappingKey: derive('takeaway-shop personal-data wrapping v1'),
    lookupKey: derive('takeaway-shop personal-data lookup v1'),
  };
}

export interface NewDataKey {
  keyId: Buffer;
  dataKey: Buffer;
}

export function newDataKey(): NewDataKey {
  return { keyId: randomBytes(KEY_ID_BYTES), dataKey: randomBytes(DATA_KEY_BYTES) };
}

/**
 * A synthetic IV (as in SIV modes): an HMAC of the authenticated data and the plaintext under a key derived from
 * the data key. The same event sealed twice (a retried append under the same event id) gives the same envelope,
 * so the store's idempotent append recognises it; two different messages never share an IV.
 */
function syntheticIv(key: Buffer, plaintext: Buffer, aad: Buffer): Buffer {
  const ivKey = createHmac('sha256', key).update('takeaway-shop envelope iv v1').digest();
  const length = Buffer.alloc(8);
  length.writeBigUInt64BE(BigInt(aad.length));
  return createHmac('sha256', ivKey).update(length).update(aad).update(plaintext).digest().subarray(0, IV_BYTES);
}

function seal(key: Buffer, plaintext: Buffer, aad: Buffer, iv: Buffer = randomBytes(IV_BYTES)): Buffer {
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(aad);
  const ciphertext = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]);
}

function open(key: Buffer, sealed: Buffer, aad: Buffer): Buffer {
  if (sealed.length < IV_BYTES + TAG_BYTES) throw new EnvelopeError('sealed data is too short');
  // authTagLength given explicitly: Node deprecates accepting a short tag implicitly (nodejs/node#52345).
  const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, IV_BYTES), { authTagLength: TAG_BYTES });
  decipher.setAAD(aad);
  decipher.setAuthTag(sealed.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  try {
    return Buffer.concat([decipher.update(sealed.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]);
  } catch {
    throw new EnvelopeError('sealed data failed authentication');
  }
}

// The wrapped key is bound to its subject and key id, so a row copied onto another subject does not unwrap.
const wrapAad = (subjectId: string, keyId: Buffer) => Buffer.from(`wrap|${subjectId}|${keyId.toString('hex')}`, 'utf8');

export function wrapDataKey(master: MasterKeys, subjectId: string, key: NewDataKey): Buffer {
  return seal(master.wrappingKey, key.dataKey, wrapAad(subjectId, key.keyId));
}

export function unwrapDataKey(master: MasterKeys, subjectId: string, keyId: Buffer, wrapped: Buffer): Buffer {
  return open(master.wrappingKey, wrapped, wrapAad(subjectId, keyId));
}

/**
 * version(1) || key id(16) || iv(12) || tag(16) || AES-256-GCM ciphertext, as base64url (JSON-safe, no padding).
 * The header and the caller's context (for example the event id) are authenticated, so an envelope moved to
 * another event, or given another key id, fails to open.
 */
export function encryptEnvelope(keyId: Buffer, dataKey: Buffer, plaintext: Buffer, context: string): string {
  const header = Buffer.alloc(HEADER_BYTES);
  header[0] = ENVELOPE_VERSION;
  keyId.copy(header, 1);
  const aad = Buffer.concat([header, Buffer.from(context, 'utf8')]);
  const sealed = seal(dataKey, plaintext, aad, syntheticIv(dataKey, plaintext, aad));
  return Buffer.concat([header, sealed]).toString('base64url');
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

export interface ParsedEnvelope {
  readonly header: Buffer;
  /** The key id, as hex: what the key cache and pii.data_keys are looked up by. */
  readonly keyId: string;
  readonly sealed: Buffer;
}

/** Splits an envelope into its parts; throws EnvelopeError when it is not an envelope this code reads. */
export function parseEnvelope(envelope: string): ParsedEnvelope {
  if (typeof envelope !== 'string' || !BASE64URL.test(envelope)) throw new EnvelopeError('not a personal-data envelope');
  const bytes = Buffer.from(envelope, 'base64url');
  if (bytes.length < HEADER_BYTES + IV_BYTES + TAG_BYTES) throw new EnvelopeError('envelope is too short');
  if (bytes[0] !== ENVELOPE_VERSION) throw new EnvelopeError(`unknown envelope version ${bytes[0]}`);
  const header = bytes.subarray(0, HEADER_BYTES);
  return { header, keyId: header.subarray(1).toString('hex'), sealed: bytes.subarray(HEADER_BYTES) };
}

export function decryptEnvelope(envelope: string | ParsedEnvelope, dataKey: Buffer, context: string): Buffer {
  const { header, sealed } = typeof envelope === 'string' ? parseEnvelope(envelope) : envelope;
  return open(dataKey, sealed, Buffer.concat([header, Buffer.from(context, 'utf8')]));
}
