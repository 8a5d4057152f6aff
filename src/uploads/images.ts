import type { Sharp, SharpOptions } from 'sharp';
import { UPLOAD_LIMITS } from './limits';
import { versionWidths } from '../shared/media';

/** A photo refused for what it is; `status` is the HTTP status the route answers with. */
export class PhotoRefused extends Error {
  override name = 'PhotoRefused';

  constructor(
    readonly status: 400 | 413 | 415,
    message: string,
  ) {
    super(message);
  }
}

export interface EncodedVersion {
  width: number;
  height: number;
  webp: Buffer;
}

type SharpFactory = (input: Buffer, options?: SharpOptions) => Sharp;
let loading: Promise<SharpFactory> | undefined;

/** sharp (and libvips) is loaded on the first upload, not at start: most processes never see one. */
function loadSharp(): Promise<SharpFactory> {
  loading ??= import('sharp').then((module) => {
    const sharp = module.default;
    // One libvips thread and no operation cache: an upload is rare, and memory is the shop's tightest budget.
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}

const INPUT: SharpOptions = { limitInputPixels: UPLOAD_LIMITS.maxPixels, autoOrient: true };
const accepted: readonly string[] = UPLOAD_LIMITS.formats;
const megapixels = (pixels: number) => `${Math.round(pixels / 1_000_000)} megapixels`;

const TOO_MANY_PIXELS = `The image is more than ${megapixels(UPLOAD_LIMITS.maxPixels)}; make it smaller and upload it again`;

/** Reads only the file's header: its real format (whatever its name says) and its declared size. */
async function inspect(sharp: SharpFactory, bytes: Buffer): Promise<void> {
  let metadata;
  try {
    metadata = await sharp(bytes, INPUT).metadata();
  } catch (error) {
    // sharp checks limitInputPixels against the header here, before anything is decoded.
    if (/pixel limit/i.test(String((error as Error).message))) throw new PhotoRefused(413, TOO_MANY_PIXELS);
    throw new PhotoRefused(415, 'This file is not a photo we can read; upload a JPEG, PNG, WebP or GIF image');
  }
  if (!metadata.format || !accepted.includes(metadata.format)) {
    throw new PhotoRefused(415, `${String(metadata.format ?? 'This').toUpperCase()} files are not accepted; upload a JPEG, PNG, WebP or GIF image`);
  }
  // Belt and braces should a format's reader not apply the limit itself.
  if ((metadata.width ?? 0) * (metadata.height ?? 0) > UPLOAD_LIMITS.maxPixels) throw new PhotoRefused(413, TOO_MANY_PIXELS);
}

/**
 * Checks a photo from its own bytes and re-encodes it as WebP at each srcset width. Only pixels are carried over:
 * metadata (GPS position, camera, comments) and anything appended to the file are left behind. The photo is
 * decoded once, into the largest version's pixels, and the smaller ones are scaled from those.
 */
export async function encodePhoto(bytes: Buffer): Promise<EncodedVersion[]> {
  const sharp = await loadSharp();
  await inspect(sharp, bytes);
  const largest = UPLOAD_LIMITS.widths[UPLOAD_LIMITS.widths.length - 1];
  let decoded;
  try {
    decoded = await sharp(bytes, INPUT)
      .resize({ width: largest, height: largest * 2, fit: 'inside', withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    throw new PhotoRefused(400, 'This image is damaged or incomplete; export it again and upload the new file');
  }
  const { data, info } = decoded;
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } };
  const versions: EncodedVersion[] = [];
  for (const width of versionWidths(info.width)) {
    const { data: webp, info: out } = await sharp(data, raw).resize({ width }).webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
    versions.push({ width: out.width, height: out.height, webp });
  }
  return versions;
}
