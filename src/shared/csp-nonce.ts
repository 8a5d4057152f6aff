/**
 * What the web build writes where each HTML answer's nonce goes (Vite's `html.cspNonce`): on the entry script,
 * the module preloads and the `csp-nonce` meta tag that Vite's preload helper reads for the chunks it adds.
 * The server puts a fresh nonce in its place in every page it answers (src/http/html-page.ts).
 */
export const CSP_NONCE_PLACEHOLDER = 'shop-csp-nonce-placeholder';
