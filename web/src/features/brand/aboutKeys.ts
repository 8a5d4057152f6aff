/** The settings /about reads besides the shop's own (its server render asks for them too: entry-server.tsx). */
export const ABOUT_KEYS = ['hero_image', 'about_text'] as const;
