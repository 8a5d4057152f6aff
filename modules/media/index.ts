// The media library (issue 39 item 4): the shop's uploaded images with their names and alt text, for the image picker.
export { MEDIA_EVENT_SCHEMAS, MEDIA_EVENT_TYPES, MEDIA_STREAM_PREFIX, mediaStream, type MediaEvent, type MediaAltChanged, type MediaImageDeleted, type MediaImageUploaded } from './events';
export { mediaDecider, type MediaCommand } from './decider';
export { evolveMedia, initialMediaState, type MediaState } from './state';
export { deleteRefusal, NO_USES, usesCount, type ImageUses } from './rules';
export { createMedia, MEDIA_READ_MODEL, type Media } from './media';
export { MEDIA_UPLOAD_PATH, mediaRoutes } from './routes';
export type { ImageUsage, LibraryImage, MediaLibrary } from './ports';
