import type { MediaImage, MediaWidth } from '../../src/shared/media';
import type { ImageUses } from './rules';

/** An image as the read model holds it, before its uses are counted. */
export type LibraryImage = Omit<MediaImage, 'uses' | 'url'> & { widths: MediaWidth[] };

/** What the library reads (projections/media implements it; the composition root hands it in). */
export interface MediaLibrary {
  /** The images whose name contains `search` (any case), newest first, at most `limit`. */
  find(search: string, limit: number): Promise<LibraryImage[]>;
  get(imageId: string): Promise<LibraryImage | null>;
}

/**
 * Where images are shown (the port the composition root fills: the dishes' pictures from the menu read model,
 * the content pages' parts from theirs). Every id asked for is in the answer.
 */
export interface ImageUsage {
  usesOf(imageIds: readonly string[]): Promise<Map<string, ImageUses>>;
}
