import helmet from 'koa-helmet';

/** CSP allows our own scripts and Stripe's; everything else the page needs comes from our origin. */
export function securityHeaders(options: { production: boolean; connectOrigins?: readonly string[] }) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://js.stripe.com'],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:'],
        // Stripe.js talks to Stripe's API; the local card form (FAKE_CARD_PAYMENTS) to the local fake Stripe.
        connectSrc: ["'self'", 'https://api.stripe.com', ...(options.connectOrigins ?? [])],
        fontSrc: ["'self'"],
        // 'self' lets the staff screen show a kitchen ticket's preview.
        frameSrc: ["'self'", 'https://js.stripe.com', 'https://hooks.stripe.com'],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    strictTransportSecurity: options.production ? { maxAge: 31_536_000, includeSubDomains: true } : false,
  });
}

/** The kitchen ticket page: nothing but our styles and images, and it may be framed by our own staff screen. */
export const TICKET_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' data:; frame-ancestors 'self'; base-uri 'none'; form-action 'none'";
