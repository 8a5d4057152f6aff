import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..', '..');
const SKIPPED = new Set(['node_modules', '.git', '.data', 'dist', 'coverage']);

// Built from parts so that this file does not match itself.
const SECRET_PATTERNS = [
  new RegExp(['sk', 'live', ''].join('_')),
  new RegExp(['sk', 'test', ''].join('_')),
  new RegExp(['whsec', ''].join('_')),
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
