import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { EncodedVersion } from './images';
import { PHOTO_LINK } from '../shared/media';
import { UPLOADS_URL } from './limits';

/** A stored file's name: the upload's digest, then its width. Nothing else is ever served from the folder. */
export const STORED_NAME = /^[0-9a-f]{32}-[1-9][0-9]{0,3}\.webp$/;

/** A link to a stored photo, as the upload answers it: its digest and width (one home, shared with the media library). */
export { PHOTO_LINK };

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

    /**
     * The srcset of a stored upload named by one of its links (`/uploads/<digest>-<width>.webp`): every width
     * stored for that photo, or null when no such photo was uploaded here.
     */
    async srcsetOf(link: string): Promise<string | null> {
      const match = PHOTO_LINK.exec(link);
      if (!match) return null;
      const names = await fs.readdir(folder).catch(() => [] as string[]);
      const widths = names
        .filter((name) => STORED_NAME.test(name) && name.startsWith(`${match[1]}-`))
        .map((name) => Number(name.slice(match[1].length + 1, -'.webp'.length)))
        .sort((a, b) => a - b);
      if (!widths.includes(Number(match[2]))) return null;
      return widths.map((width) => `${UPLOADS_URL}/${match[1]}-${width}.webp ${width}w`).join(', ');
    },

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
