import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { MEDIA_EVENT_TYPES, MEDIA_READ_MODEL, type MediaEvent } from '../../modules/media';

/** The media library's read model: one row per image in the library. */
export const mediaProjection: Projection = {
  name: MEDIA_READ_MODEL,
  eventTypes: [...MEDIA_EVENT_TYPES],
  tables: ['media_images'],
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as MediaEvent;
    switch (event.type) {
      case 'MediaImageUploaded': {
        const { imageId, name, alt, widths, uploadedBy, uploadedAt } = event.data;
        await tx.query(sql.unsafe`
          insert into media_images (image_id, name, alt, widths, uploaded_by, uploaded_at)
          values (${imageId}, ${name}, ${alt}, ${JSON.stringify(widths)}::jsonb, ${uploadedBy}, ${uploadedAt})
          on conflict (image_id) do update set name = excluded.name, alt = excluded.alt, widths = excluded.widths,
                 uploaded_by = excluded.uploaded_by, uploaded_at = excluded.uploaded_at`);
        return;
      }
      case 'MediaAltChanged':
        await tx.query(sql.unsafe`update media_images set alt = ${event.data.alt} where image_id = ${event.data.imageId}`);
        return;
      case 'MediaImageDeleted':
        await tx.query(sql.unsafe`delete from media_images where image_id = ${event.data.imageId}`);
        return;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
