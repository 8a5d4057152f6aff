import helmet from 'koa-helmet';
import { CSP_REPORT_PATH, scriptOrigins } from './script-inventory';

/** Where PayPal's buttons open their frames and call from the browser (live and sandbox). */
const PAYPAL_ORIGINS = ['https://www.paypal.com', 'https://www.sandbox.paypal.com'];

/**
 * The policy every answer carries: scripts from our origin and the inventory's third parties only
 * (script-inventory.ts; an HTML page adds its nonce policy on top), everything else from our origin, and
 * Stripe's card form and PayPal's buttons where they need to be: their frames, and their APIs for the browser's
 * calls. `fakeApiUrls`: the local fakes (STRIPE_API_URL, FAKE_PAYPAL; never in production), which the stand-in
 * card form and PayPal buttons call.
 */
export function securityHeaders(options: { production: boolean; fakeApiUrls?: readonly string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: scriptOrigins(),
        styleSrc: ["'self'"],
        // Style attributes apply: the rich text's font sizes and alignment (the one allow-list keeps no other
        // style, src/shared/rich-text-allow-list.ts) and the server-rendered markup's. Style elements and
        // sheets stay our own files; a style attribute has no selectors and loads nothing img-src refuses.
        styleSrcAttr: ["'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'https://www.paypalobjects.com'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...PAYPAL_ORIGINS, ...(options.fakeApiUrls ?? []).map((url) => new URL(url).origin)],
        fontSrc: ["'self'"],
        // 'self' lets the staff screen show a kitchen ticket's preview.
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com', ...PAYPAL_ORIGINS],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        reportUri: [CSP_REPORT_PATH],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/**
 * The hosted video players a content page's video gallery may frame (issue 39), once a visitor clicks Play:
 * YouTube's privacy-enhanced domain and Vimeo's player (the part's `VIDEO_HREF` allows no other host). Only a
 * content page's answer allows them (`withContentPageFrames`); every other page frames what it did before.
 */
export const VIDEO_PLAYER_ORIGINS = ['https://www.youtube-nocookie.com', 'https://player.vimeo.com'] as const;

/** The policy every answer carries, with the video players' origins added to its frame-src, for a content page. */
export function withContentPageFrames(policy: string): string {
  return policy
    .split(';')
    .map((directive) => (/^\s*frame-src\s/.test(directive) ? `${directive.trimEnd()} ${VIDEO_PLAYER_ORIGINS.join(' ')}` : directive))
    .join(';');
}

/**
 * A stored photo's answer (`/uploads/<digest>-<width>.webp`): a picture runs nothing and loads nothing, and our
 * own pages may frame it (a video part's player may be a path of this shop, such as a photo; issue 39).
 */
export const STORED_PHOTO_CSP = "default-src 'none'; img-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";

/** The kitchen ticket page: nothing but our styles and images, and it may be framed by our own staff screen. */
export const TICKET_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
