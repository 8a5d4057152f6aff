import helmet from 'koa-helmet';
import { CSP_REPORT_PATH, scriptOrigins } from './script-inventory';

/**
 * The policy every answer carries: scripts from our origin and the inventory's third parties only
 * (script-inventory.ts; an HTML page adds its nonce policy on top), everything else from our origin, and
 * Stripe's card form where it needs to be: its frames, and its API for the browser's calls.
 * `stripeApiUrl`: the local fake Stripe (STRIPE_API_URL, never in production), whose card form posts to it.
 */
export function securityHeaders(options: { production: boolean; stripeApiUrl?: string }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: scriptOrigins(),
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'https://api.stripe.com', ...(options.stripeApiUrl ? [new URL(options.stripeApiUrl).origin] : [])],
        fontSrc: ["'self'"],
        // 'self' lets the staff screen show a kitchen ticket's preview.
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
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

/** The kitchen ticket page: nothing but our styles and images, and it may be framed by our own staff screen. */
export const TICKET_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
