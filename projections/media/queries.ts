import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { LibraryImage, MediaLibrary } from '../../modules/media';

interface Row {
  image_id: string;
  name: string;
  alt: string;
  widths: Array<{ width: number; height: number }>;
}

const imageOf = (row: Row): LibraryImage => ({ id: row.image_id, name: row.name, alt: row.alt, widths: row.widths });

/** `%`, `_` and `\` in a search are the letters typed, not patterns. */
const likeText = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** The library's queries (the media module's `MediaLibrary` port). */
export function mediaLibrary(pool: DatabasePool): MediaLibrary {
  return {
    async find(search: string, limit: number): Promise<LibraryImage[]> {
      const rows = (await pool.any(sql.unsafe`
        select image_id, name, alt, widths from media_images
         where name ilike ${`%${likeText(search)}%`}
         order by uploaded_at desc, image_id
         limit ${limit}`)) as Row[];
      return rows.map(imageOf);
    },
    async get(imageId: string): Promise<LibraryImage | null> {
      const row = (await pool.maybeOne(sql.unsafe`select image_id, name, alt, widths from media_images where image_id = ${imageId}`)) as Row | null;
      return row ? imageOf(row) : null;
    },
  };
}
