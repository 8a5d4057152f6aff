import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EncodedVersion } from './images';

/** A stored file's name: the upload's digest, then its width. Nothing else is ever served from the folder. */
export const STORED_NAME = /^[0-9a-f]{32}-[1-9][0-9]{0,3}\.webp$/;

export interface StoredVersion {
  name: string;
  width: number;
  height: number;
}

/**
 * Photos stored by content: the name is the SHA-256 of the uploaded bytes, so the same photo uploaded twice is one
 * set of files, and a name always means the same picture (it may be cached for good).
 */
export function createPhotoStore(folder: string) {
  return {
    folder,
    digest: (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 32),

    /** Writes every version or none: each goes to a temporary file first, and only when all are written are they renamed. */
    async save(digest: string, versions: EncodedVersion[]): Promise<StoredVersion[]> {
      await fs.mkdir(folder, { recursive: true });
      const stored = versions.map((version) => ({ name: `${digest}-${version.width}.webp`, width: version.width, height: version.height }));
      const temporary = stored.map((version) => path.join(folder, `.${version.name}.${randomUUID()}.tmp`));
      try {
        await Promise.all(versions.map((version, index) => fs.writeFile(temporary[index], version.webp, { flag: 'wx' })));
        for (const [index, version] of stored.entries()) await fs.rename(temporary[index], path.join(folder, version.name));
      } catch (error) {
        await Promise.all(temporary.map((file) => fs.rm(file, { force: true })));
        throw error;
      }
      return stored;
    },
  };
}

export type PhotoStore = ReturnType<typeof createPhotoStore>;
