-- Content pages (issue 39): the read model of pages, their parts, and every version of a part's text.
create table content_pages (
  slug text primary key,
  title text not null,
  description text not null,
  status text not null check (status in ('draft', 'published')),
  updated_at timestamptz not null
);

-- `slug` is the page whose stream holds the part; a header or footer part (container 'site') shows on every page.
create table content_parts (
  part_id uuid primary key,
  slug text not null,
  container_type text not null,
  container text not null,
  comp_id text not null,
  kind text not null,
  position integer not null,
  html text not null,
  props jsonb not null,
  updated_at timestamptz not null
);
create index content_parts_slug on content_parts (slug);
create index content_parts_site on content_parts (container_type) where container_type in ('header', 'footer');

-- Version 1 is the part's first text; each edit (a restore too) is the next. `by` is the actor (a login's id or 'system').
create table content_part_versions (
  part_id uuid not null,
  version integer not null,
  html text not null,
  by_actor text not null,
  at timestamptz not null,
  primary key (part_id, version)
);
