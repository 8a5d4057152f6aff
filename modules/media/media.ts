import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { Services } from '../../src/services';
import { MEDIA_TEXTS, mediaUrl, type MediaImage, type MediaWidth } from '../../src/shared/media';
import { mediaDecider } from './decider';
import { mediaStream } from './events';
import type { ImageUsage, LibraryImage, MediaLibrary } from './ports';
import { NO_USES, usesCount } from './rules';

/** The read model the library reads (projections/media); a change is answered once it shows there. */
export const MEDIA_READ_MODEL = 'media_images';

/** The most images one search answers: the picker lists them all on one page. */
const LIST_SIZE = 500;
/** The images `GET /snowflakeImages` offers: those whose name says so. */
const SNOWFLAKE = 'snowflake';

/**
 * The media library's handler: an uploaded photo added as an image, its alt text, its deletion (refused while
 * a dish or a page shows it), and the library as the picker lists it, each image with its count of uses.
 */
export function createMedia(deps: { services: Pick<Services, 'commands' | 'readModels'>; library: MediaLibrary; usage: ImageUsage }) {
  const { services, library, usage } = deps;

  const withUses = async (images: LibraryImage[]): Promise<MediaImage[]> => {
    const uses = images.length === 0 ? new Map() : await usage.usesOf(images.map((image) => image.id));
    return images.map((image) => ({ ...image, url: largestUrl(image), uses: usesCount(uses.get(image.id) ?? NO_USES) }));
  };

  const one = async (imageId: string): Promise<MediaImage> => {
    const image = await library.get(imageId);
    if (!image) throw new DomainError('not_found', MEDIA_TEXTS.notFound);
    return (await withUses([image]))[0];
  };

  return {
    list: async (search: string): Promise<MediaImage[]> => withUses(await library.find(search, LIST_SIZE)),

    /** A photo the pipeline stored (its digest is the image's id); the same picture again answers the image already there. */
    async add(photo: { digest: string; name: string; widths: MediaWidth[] }, context: CommandContext): Promise<MediaImage> {
      const command = { type: 'AddImage' as const, imageId: photo.digest, name: photo.name, widths: photo.widths, by: context.actor, now: context.now };
      const result = await services.commands.handle(mediaStream(photo.digest), mediaDecider, command, context);
      await services.readModels.waitFor(MEDIA_READ_MODEL, result.position);
      return one(photo.digest);
    },

    async changeAlt(imageId: string, alt: string, context: CommandContext): Promise<MediaImage> {
      const result = await services.commands.handle(mediaStream(imageId), mediaDecider, { type: 'ChangeAlt', imageId, alt, by: context.actor, now: context.now }, context);
      await services.readModels.waitFor(MEDIA_READ_MODEL, result.position);
      return one(imageId);
    },

    async remove(imageId: string, context: CommandContext): Promise<void> {
      const uses = (await usage.usesOf([imageId])).get(imageId) ?? NO_USES;
      const result = await services.commands.handle(mediaStream(imageId), mediaDecider, { type: 'DeleteImage', imageId, uses, by: context.actor, now: context.now }, context);
      await services.readModels.waitFor(MEDIA_READ_MODEL, result.position);
    },

    /** Customer spec §7 `GET /snowflakeImages`: the links of the library's snowflakes, each at its smallest width. */
    async snowflakes(): Promise<string[]> {
      const images = await library.find(SNOWFLAKE, LIST_SIZE);
      return images.map((image) => mediaUrl(image.id, image.widths[0].width));
    },
  };
}

const largestUrl = (image: LibraryImage) => mediaUrl(image.id, image.widths[image.widths.length - 1].width);

export type Media = ReturnType<typeof createMedia>;
