/** Photo uploads: checked from their bytes, re-encoded for srcset, stored by content under DATA_DIR/uploads. */
export { uploadRoutes } from './routes';
export { createPhotoStore, PHOTO_LINK, type PhotoStore, type StoredVersion } from './photo-store';
export { answerPhotoRefusal, photoReceiver, type PhotoReceiver, type ReceivedPhoto } from './receive';
export { PhotoRefused } from './images';
export { UPLOAD_LIMITS, UPLOAD_PATH, UPLOADS_URL, uploadsFolder } from './limits';
