import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { MASTER_KEY_BYTES } from './crypto';

export const MASTER_KEY_FILE = 'personal-data-master-key';

/** True for base64 (or base64url) text of exactly 32 bytes, the form PERSONAL_DATA_MASTER_KEY takes. */
export function isMasterKeyText(value: string): boolean {
  return /^[A-Za-z0-9+/_-]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === MASTER_KEY_BYTES;
}

/**
 * PERSONAL_DATA_MASTER_KEY when given; otherwise a key generated once into DATA_DIR (as the session keys are),
 * so restarts keep reading what was sealed. Losing it loses every person's data: back it up apart from the
 * database.
 */
export function personalDataMasterKey(configured: string | undefined, dataDir: string): Buffer {
  if (configured) return Buffer.from(configured, 'base64');
  const file = path.join(dataDir, MASTER_KEY_FILE);
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    // 'wx' refuses to overwrite: two first starts racing must not each keep a different key.
    try {
      fs.writeFileSync(file, randomBytes(MASTER_KEY_BYTES).toString('base64'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const text = fs.readFileSync(file, 'utf8').trim();
  if (!isMasterKeyText(text)) throw new Error(`${file} does not hold a ${MASTER_KEY_BYTES}-byte base64 key`);
  return Buffer.from(text, 'base64');
}
