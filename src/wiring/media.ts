import type { Clock } from '../core/clock';
import type { Services } from '../services';
import type { PhotoReceiver } from '../uploads';
import { dishImageUses, mediaLibrary, pagePartImageUses } from '../../projections';
import { createMedia, mediaRoutes, NO_USES, type ImageUsage, type ImageUses } from '../../modules/media';

/** Where images are shown, one source per kind of use: each answers a count per image id it was asked about. */
type UsageSource = (pool: Services['pool'], imageIds: readonly string[]) => Promise<Map<string, number>>;

/** The dishes whose picture an image is (the menu read model). */
const dishes: UsageSource = dishImageUses;

/** The content pages' parts whose text or settings show an image (the content read model). */
const pageParts: UsageSource = pagePartImageUses;

/** The `ImageUsage` port the media module names, from the sources above. */
export function imageUsage(pool: Services['pool']): ImageUsage {
  return {
    async usesOf(imageIds) {
      const [onDishes, onPages] = await Promise.all([dishes(pool, imageIds), pageParts(pool, imageIds)]);
      return new Map(imageIds.map((id): [string, ImageUses] => [id, { ...NO_USES, dishes: onDishes.get(id) ?? 0, pageParts: onPages.get(id) ?? 0 }]));
    },
  };
}

/** The media library (issue 39 item 4): its handler over the library's read model and the uses, and its routes. */
export function wireMedia(deps: { services: Services; receivePhoto: PhotoReceiver; clock: Clock }) {
  const { services, receivePhoto, clock } = deps;
  const media = createMedia({ services, library: mediaLibrary(services.pool), usage: imageUsage(services.pool) });
  return { media, routes: () => mediaRoutes({ media, receive: receivePhoto, clock }) };
}
