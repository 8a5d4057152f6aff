import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SKIPPED = new Set(['node_modules', '.git', '.data', 'dist', 'coverage']);

// Built from parts so that this file does not match itself. The shapes of real keys (Stripe's are 24 or more
// letters and digits after the prefix), so a short placeholder in a test or an error message is not a find.
const SECRET_PATTERNS = [
  new RegExp(['sk', 'live', '[A-Za-z0-9]{20,}'].join('_')),
  new RegExp(['sk', 'test', '[A-Za-z0-9]{20,}'].join('_')),
  new RegExp(['rk', '(live|test)', '[A-Za-z0-9]{20,}'].join('_')),
  new RegExp(['whsec', '[A-Za-z0-9+/]{20,}'].join('_')),
  new RegExp(['-----', 'BEGIN'].join('')),
];

function* sourceFiles(dir: string): Generator<string> {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* sourceFiles(full);
    else if (entry.isFile() && fs.statSync(full).size < 5_000_000) yield full;
  }
}

describe('repository secrets', () => {
  it('knows a real key when it sees one', () => {
    const fakeLive = ['sk', 'live', 'a1B2c3D4e5F6g7H8i9J0k1L2'].join('_');
    expect(SECRET_PATTERNS.some((pattern) => pattern.test(`const key = '${fakeLive}';`))).toBe(true);
  });

  it('holds no payment keys, webhook secrets or private keys', () => {
    const files = [...sourceFiles(ROOT)];
    expect(files.some((file) => file.endsWith(path.join('src', 'config.ts')))).toBe(true);
    const found: string[] = [];
    for (const file of files) {
      const text = fs.readFileSync(file, 'latin1');
      for (const pattern of SECRET_PATTERNS) {
        if (pattern.test(text)) found.push(`${path.relative(ROOT, file)} matches ${pattern.source}`);
      }
    }
    expect(found).toEqual([]);
  });
});
