import { sql } from 'slonik';
import type { DatabasePool } from '../../src/db/pool';
import type { ContentPage, ContentPageListed, ContentPart, PageStatus, PartVersion } from '../../src/shared/content-pages';
import type { ContentReadModel } from '../../modules/content';

interface PartRow extends Omit<ContentPart, 'props'> {
  slug: string;
  props: Record<string, unknown>;
}

const partOf = ({ slug: _slug, ...row }: PartRow): ContentPart => ({ ...row });

const PART_COLUMNS = sql.fragment`p.slug, p.part_id, p.container_type, p.container, p.comp_id, p.kind, p.position, p.html, p.props`;

/** The content module's read port over projections/content's tables. */
export function contentReadModel(pool: DatabasePool): ContentReadModel {
  return {
    async page(slug: string): Promise<ContentPage | undefined> {
      const page = (await pool.maybeOne(sql.unsafe`select slug, title, description, status from content_pages where slug = ${slug}`)) as
        | { slug: string; title: string; description: string; status: PageStatus }
        | null;
      if (!page) return undefined;
      const parts = (await pool.any(sql.unsafe`
        select ${PART_COLUMNS} from content_parts p
         where p.slug = ${slug} or p.container_type in ('header', 'footer')
         order by p.container_type, p.container, p.position, p.slug`)) as PartRow[];
      return { ...page, parts: parts.map(partOf) };
    },
    async list(): Promise<ContentPageListed[]> {
      return (await pool.any(sql.unsafe`select slug, title, status from content_pages order by slug`)) as ContentPageListed[];
    },
    async part(partId: string) {
      const row = (await pool.maybeOne(sql.unsafe`select ${PART_COLUMNS} from content_parts p where p.part_id = ${partId}`)) as PartRow | null;
      return row ? { slug: row.slug, part: partOf(row) } : undefined;
    },
    async history(partId: string): Promise<PartVersion[]> {
      const rows = (await pool.any(sql.unsafe`
        select v.version, v.html, coalesce(u.email, case when v.by_actor = 'system' then 'the shop' else 'a member of staff' end) as by,
               to_json(v.at) #>> '{}' as at
          from content_part_versions v left join users u on u.id::text = v.by_actor
         where v.part_id = ${partId}
         order by v.version desc`)) as PartVersion[];
      return rows.map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
    },
  };
}

/** How many parts of the pages show each of these images (a stored photo's link in their text or settings). */
export async function pagePartImageUses(pool: DatabasePool, imageIds: readonly string[]): Promise<Map<string, number>> {
  if (imageIds.length === 0) return new Map();
  const rows = (await pool.any(sql.unsafe`
    select id, count(p.part_id)::int as uses
      from unnest(${sql.array([...imageIds], 'text')}) id
      join content_parts p on strpos(p.html, '/uploads/' || id || '-') > 0 or strpos(p.props::text, '/uploads/' || id || '-') > 0
     group by id`)) as Array<{ id: string; uses: number }>;
  return new Map(rows.map((row) => [row.id, row.uses]));
}
