import { preloadable, type PreloadableComponent } from './preloadable';
import type { PartSettingsByKind } from '../../../../../src/shared/part-settings';
import type { ContentPart, PartKind } from '../contentApi';

/** What a part's view is given: the part, its settings as its kind's shape, its page and its accessible name. */
export interface PartViewProps<K extends PartKind = PartKind> {
  part: ContentPart;
  settings: PartSettingsByKind[K];
  slug: string;
  label: string;
}

/** What a part's settings form is given: the settings now, and `onSave` (which the form awaits; it throws on a refusal). */
export interface PartSettingsFormProps<K extends PartKind = PartKind> {
  settings: PartSettingsByKind[K];
  onSave(next: PartSettingsByKind[K]): Promise<void>;
  onCancel(): void;
  label: string;
}

export interface PartKindUi<K extends PartKind> {
  /** What the admin's "Add part" list and buttons call it. */
  name: string;
  /** How visitors see it; loaded when a page has one (pages load their parts lazily). */
  View?: PreloadableComponent<PartViewProps<K>>;
  /** The admin's settings form, when the kind has settings. */
  SettingsForm?: PreloadableComponent<PartSettingsFormProps<K>>;
}

/**
 * Each kind of part in the web app (customer spec §2's page parts): one entry per kind, its view and settings
 * form each a file of their own under `parts/`, loaded on demand. A kind without a view shows admins that
 * visitors do not see it yet.
 */
export const PART_KINDS_UI: { [K in PartKind]: PartKindUi<K> } = {
  text: { name: 'Text' },
  gallery: { name: 'Gallery', View: preloadable(() => import('./Gallery')), SettingsForm: preloadable(() => import('./GallerySettings')) },
  slideshow: { name: 'Slideshow', View: preloadable(() => import('./Slideshow')), SettingsForm: preloadable(() => import('./SlideshowSettings')) },
  'video-gallery': { name: 'Video gallery', View: preloadable(() => import('./VideoGallery')), SettingsForm: preloadable(() => import('./VideoGallerySettings')) },
  'contact-form': { name: 'Contact form', View: preloadable(() => import('./ContactFormPart')) },
  'category-filter': { name: 'Category filter', View: preloadable(() => import('./CategoryFilterPart')) },
  'product-image': { name: 'Dish picture', View: preloadable(() => import('./DishPicture')), SettingsForm: preloadable(() => import('./DishSettingsForm')) },
  'add-to-cart': { name: 'Add to basket', View: preloadable(() => import('./DishButton')), SettingsForm: preloadable(() => import('./DishSettingsForm')) },
  'product-modal': { name: 'Dish details', View: preloadable(() => import('./DishDetails')), SettingsForm: preloadable(() => import('./DishSettingsForm')) },
  'add-various-to-cart': { name: 'Add several to basket', View: preloadable(() => import('./AddSeveral')), SettingsForm: preloadable(() => import('./AddSeveralSettingsForm')) },
  snowfall: { name: 'Snowfall', View: preloadable(() => import('./Snowfall')), SettingsForm: preloadable(() => import('./SnowfallSettingsForm')) },
};

/** Loads the views of the parts a page shows, ahead of its hydration (web/src/main.tsx). */
export function preloadPartViews(kinds: Iterable<PartKind>): Promise<void> {
  return Promise.all([...new Set(kinds)].map((kind) => PART_KINDS_UI[kind].View?.preload())).then(() => undefined);
}
