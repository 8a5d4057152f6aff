import { PAGE_PATHS, PAGE_SLUG } from './page-head';
import { hasRole, type Role } from './roles';

/**
 * Content pages (issue 39): the shapes the server answers and the web app reads, and the rules both apply
 * (docs/content.md). A page is an ordered list of parts in containers, as the in-place editor's payload names them.
 */
export const PART_KINDS = [
  'text',
  'gallery',
  'slideshow',
  'video-gallery',
  'contact-form',
  'category-filter',
  'product-image',
  'add-to-cart',
  'product-modal',
  'add-various-to-cart',
  'snowfall',
] as const;
export type PartKind = (typeof PART_KINDS)[number];

/** Staff spec §3 "In-place edit payload". */
export const CONTAINER_TYPES = ['page', 'header', 'footer', 'custom fixture'] as const;
export type ContainerType = (typeof CONTAINER_TYPES)[number];

/** The custom fixture /about's tagline sits in (the brand line under the restaurant's name). */
export const ABOUT_TAGLINE_FIXTURE = 'about-tagline';

/** Header and footer parts are the site's, shown on every content page. */
export const SITE_CONTAINER = 'site';

export type PageStatus = 'draft' | 'published';

export interface ContentPart {
  part_id: string;
  container_type: ContainerType;
  container: string;
  comp_id: string;
  kind: PartKind;
  position: number;
  /** The cleaned rich text of a 'text' part; '' for the other kinds. */
  html: string;
  props: Record<string, unknown>;
}

export interface ContentPage {
  slug: string;
  title: string;
  description: string;
  status: PageStatus;
  parts: ContentPart[];
}

export interface ContentPageListed {
  slug: string;
  title: string;
  status: PageStatus;
}

/** One version of a text part, newest first in the history. */
export interface PartVersion {
  version: number;
  html: string;
  by: string;
  at: string;
}

/** `POST /api/ipe_save` and `/api/ipe_cancel` (staff spec §7). */
export interface InPlaceEditAnswer {
  status: boolean;
  message: string;
  original: string;
}

export { PAGE_SLUG };
export const PAGE_TITLE_MAX = 120;
export const PAGE_DESCRIPTION_MAX = 300;
export const CUSTOM_FIXTURE_NAME = /^[a-z0-9-]{1,60}$/;

/** The site's own top-level paths, which no content page may take (the content pages themselves excepted). */
const SERVER_PATHS = ['api', 'admin', 'uploads', 'images', 'assets', 'broadcasting', 'healthz', 'readyz', 'metrics', 'send_contact', 'store-status', 'complete-order', 'deletevoucheruse', 'try-to-apply-voucher', 'vouchers-status', 'snowflakeimages', 'favicon', 'robots', 'ticket', 'site', 'pages'];
const CONTENT_PAGE_PATHS: readonly string[] = [PAGE_PATHS.about];

export const RESERVED_PAGE_SLUGS: readonly string[] = [
  ...new Set([
    ...Object.values(PAGE_PATHS)
      .filter((path) => !CONTENT_PAGE_PATHS.includes(path))
      .map((path) => path.split('/')[1]!.toLowerCase())
      .filter((segment) => segment !== ''),
    ...SERVER_PATHS,
  ]),
];

export const CONTENT_TEXTS = {
  noPage: 'No such page',
  noPart: 'No such part on this page',
  slug: 'A page address is 1 to 60 lower-case letters, digits or dashes',
  reserved: 'That address is already a page of the shop: choose another',
  taken: 'There is already a page at that address',
  notText: 'Only a text part holds rich text',
  textHasNoSettings: 'A text part has no settings: edit its text in place',
  noVersion: 'That part has no such version',
  noProduct: 'There is no such dish',
  saveRefused: 'The content was not saved',
} as const;

/** Why a slug cannot be a new page's address, or undefined when it can. */
export function pageSlugProblem(slug: string): string | undefined {
  if (!PAGE_SLUG.test(slug)) return CONTENT_TEXTS.slug;
  if (RESERVED_PAGE_SLUGS.includes(slug)) return CONTENT_TEXTS.reserved;
  return undefined;
}

/** The container a part of this type sits in, when the editor names none: the page, or the site's header/footer. */
export function defaultContainer(containerType: ContainerType, slug: string): string | undefined {
  if (containerType === 'page') return slug;
  if (containerType === 'header' || containerType === 'footer') return SITE_CONTAINER;
  return undefined;
}

/** A page's own text parts in their order, as one piece of HTML (the pop-up's fragment): headers, footers and other kinds stay out. */
export function pageFragment(page: Pick<ContentPage, 'parts'>): string {
  return page.parts
    .filter((part) => part.container_type === 'page' && part.kind === 'text')
    .sort((a, b) => a.position - b.position)
    .map((part) => part.html)
    .join('\n');
}

/** Who sees a page: a published one, anyone; a draft, admins only (its preview before it is published). */
export const pageShownTo = (status: PageStatus, role: Role | undefined): boolean => status === 'published' || (role !== undefined && hasRole(role, 'admin'));
