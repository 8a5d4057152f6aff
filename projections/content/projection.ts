import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { Projection } from '../../src/projections/types';
import { CONTENT_EVENT_TYPES, CONTENT_READ_MODEL, type ContentEvent } from '../../modules/content';

/**
 * The content pages' read model (issue 39): pages, their parts in order within each container, and each text
 * part's versions (the first text, then every edit), which the history and its restore read.
 */
export const contentPagesProjection: Projection = {
  name: CONTENT_READ_MODEL,
  eventTypes: CONTENT_EVENT_TYPES,
  tables: ['content_pages', 'content_parts', 'content_part_versions'],
  async apply(stored: StoredEvent, { tx }) {
    const event = { type: stored.type, data: stored.data } as ContentEvent;
    switch (event.type) {
      case 'PageCreated': {
        const { slug, title, description, at } = event.data;
        await tx.query(sql.unsafe`
          insert into content_pages (slug, title, description, status, updated_at) values (${slug}, ${title}, ${description}, 'draft', ${at})
          on conflict (slug) do nothing`);
        return;
      }
      case 'PageRetitled':
        await tx.query(sql.unsafe`
          update content_pages set title = ${event.data.title}, description = ${event.data.description}, updated_at = ${event.data.at} where slug = ${event.data.slug}`);
        return;
      case 'PagePublished':
      case 'PageUnpublished': {
        const status = event.type === 'PagePublished' ? 'published' : 'draft';
        await tx.query(sql.unsafe`update content_pages set status = ${status}, updated_at = ${event.data.at} where slug = ${event.data.slug}`);
        return;
      }
      case 'PagePartAdded': {
        const { slug, partId, compId, kind, containerType, container, position, html, props, by, at } = event.data;
        await tx.query(sql.unsafe`
          update content_parts set position = position + 1
           where slug = ${slug} and container_type = ${containerType} and container = ${container} and position >= ${position}`);
        await tx.query(sql.unsafe`
          insert into content_parts (part_id, slug, container_type, container, comp_id, kind, position, html, props, updated_at)
          values (${partId}, ${slug}, ${containerType}, ${container}, ${compId}, ${kind}, ${position}, ${html}, ${sql.jsonb(props as never)}, ${at})`);
        if (kind === 'text') {
          await tx.query(sql.unsafe`insert into content_part_versions (part_id, version, html, by_actor, at) values (${partId}, 1, ${html}, ${by}, ${at})`);
        }
        return;
      }
      case 'PagePartRemoved': {
        const removed = (await tx.maybeOne(sql.unsafe`delete from content_parts where part_id = ${event.data.partId} returning slug, container_type, container, position`)) as
          | { slug: string; container_type: string; container: string; position: number }
          | null;
        if (removed) {
          await tx.query(sql.unsafe`
            update content_parts set position = position - 1
             where slug = ${removed.slug} and container_type = ${removed.container_type} and container = ${removed.container} and position > ${removed.position}`);
        }
        return;
      }
      case 'PagePartEdited': {
        const { partId, after, by, at } = event.data;
        await tx.query(sql.unsafe`update content_parts set html = ${after}, updated_at = ${at} where part_id = ${partId}`);
        await tx.query(sql.unsafe`
          insert into content_part_versions (part_id, version, html, by_actor, at)
          select ${partId}, coalesce(max(version), 0) + 1, ${after}, ${by}, ${at} from content_part_versions where part_id = ${partId}`);
        return;
      }
      case 'PagePartSettingsChanged': {
        const { partId, after, at } = event.data;
        await tx.query(sql.unsafe`update content_parts set props = ${sql.jsonb(after as never)}, updated_at = ${at} where part_id = ${partId}`);
        return;
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
};
