import { CSP_NONCE_PLACEHOLDER } from '../shared/csp-nonce';

/**
 * PCI DSS 6.4.3: the scripts the shop's pages may run, each with why it is needed and how its integrity is
 * assured. The web app is one single-page app: a customer reaches /checkout from any page without a new HTML
 * answer, so the page the browser first loaded decides what runs on /checkout, and every HTML answer carries
 * the same policy. The Content-Security-Policy is built from this list alone (pagePolicies below): a script
 * that is not here does not run, and the browser reports it to POST /api/csp-report (PCI DSS 11.6.1).
 *
 * To add a script: add an entry here with its reason (an origin for a third party's script, or the sha256 of
 * an inline script's exact text), and check the page in the browser tests (test/browser/script-inventory.test.ts).
 */
export interface InventoryScript {
  name: string;
  /** What the browser loads. */
  loads: string;
  /** The CSP source that lets it run. */
  allowedBy: "the page's nonce" | `https://${string}` | `'sha256-${string}'`;
  why: string;
  integrity: string;
}

export const SCRIPT_INVENTORY: readonly InventoryScript[] = [
  {
    name: 'The shop web app',
    loads: "/assets/index-<hash>.js, named in index.html, and the /assets/*.js chunks it imports (built by Vite from web/src)",
    allowedBy: "the page's nonce",
    why: 'the shop itself: menu, basket, checkout, account and the staff screens',
    integrity:
      'each file is named by the hash of its content at build time and served only from web/dist by the shop; the nonce is fresh per answer, so a script element anybody else adds (an injection, a browser extension) carries none; the nonce passes only to the modules the entry imports, and the second policy keeps those to this origin',
  },
  {
    name: 'Stripe.js',
    loads: 'https://js.stripe.com/v3 (added by @stripe/stripe-js on the checkout page), and the scripts of its own frames',
    allowedBy: 'https://js.stripe.com',
    why: "the card form (Stripe's Payment Element): card data go from the browser to Stripe only, so the shop stays within PCI DSS SAQ A",
    integrity:
      'Stripe serves it from its own origin over TLS and updates it in place; Stripe does not support subresource integrity or a self-hosted copy, so the origin is what is pinned',
  },
  {
    name: "PayPal's JavaScript SDK",
    loads: 'https://www.paypal.com/sdk/js?client-id=<PAYPAL_CLIENT_ID>&currency=GBP&intent=capture (added by the checkout page when PayPal is chosen), and the scripts of its own frames',
    allowedBy: 'https://www.paypal.com',
    why: "PayPal's buttons (issue 36): the payer logs in and approves the payment in PayPal's own window; the shop's server creates and captures the order, so no payment data pass through the shop",
    integrity:
      'PayPal serves it from its own origin over TLS and updates it in place; PayPal does not support subresource integrity or a self-hosted copy, so the origin is what is pinned. With FAKE_PAYPAL (never in production) no PayPal script loads: local stand-in buttons of the web app approve at the local fake',
  },
];

/** No inline script runs on any page: the JSON-LD head block is data (type application/ld+json), not a script. */
export const INLINE_SCRIPTS: readonly InventoryScript[] = [];

/** Where browsers send the reports of what the policies blocked. */
export const CSP_REPORT_PATH = '/api/csp-report';

const thirdPartyOrigins = () =>
  [...SCRIPT_INVENTORY, ...INLINE_SCRIPTS].map((script) => script.allowedBy).filter((source) => source.startsWith('https://'));
const inlineHashes = () => INLINE_SCRIPTS.map((script) => script.allowedBy);

/** script-src of the policy every answer carries: this origin and the listed third parties, by origin. */
export const scriptOrigins = (): string[] => ["'self'", ...thirdPartyOrigins()];

/**
 * The second policy an HTML page carries, which a script must pass as well as the first: it runs only with
 * the page's nonce, or from a listed third party, or as a listed inline script. No 'unsafe-inline', no
 * 'unsafe-eval', no 'strict-dynamic': a script the app's code would add without the nonce does not run either.
 * `report-uri` rather than `report-to`: Chromium prefers report-to when both are there and sends its
 * reports in batches up to a minute late; report-uri reports at once.
 */
export function pageScriptPolicy(nonce: string): string {
  return [
    `script-src 'nonce-${nonce}' ${[...thirdPartyOrigins(), ...inlineHashes()].join(' ')}`,
    "script-src-attr 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** The built page with this answer's nonce where the build left the placeholder. */
export function withNonce(html: string, nonce: string): string {
  return html.replaceAll(`nonce="${CSP_NONCE_PLACEHOLDER}"`, `nonce="${nonce}"`);
}
