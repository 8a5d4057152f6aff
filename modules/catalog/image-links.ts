/** A dish's picture: an uploaded photo (its link from POST /api/uploadImage) or one of the demo menu's drawings. */
export const DISH_IMAGE = /^\/uploads\/[0-9a-f]{32}-[1-9][0-9]{0,3}\.webp$|^\/images\/dishes\/[a-z0-9-]{1,60}\.svg$/;
