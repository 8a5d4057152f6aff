/**
 * The settings /about reads besides the shop's own (its server render asks for them too: entry-server.tsx); its
 * words are the page's own parts (issue 39).
 */
export const ABOUT_KEYS = ['hero_image'] as const;
