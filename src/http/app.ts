import Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { ChangeNotices } from '../db/change-notices';
import type { DatabasePool } from '../db/pool';
import { loadUser } from '../identity/auth';
import type { UserRepository } from '../identity/users';
import { compressAnswers } from './compression';
import { CookieSigner } from './cookie-signer';
import { refuseCrossSite } from './csrf';
import { requireHttps } from './require-https';
import { errorHandler } from './errors';
import { servePages, type PageSources } from './html-page';
import { requestBody } from './json-body';
import { answerNotFound } from './not-found';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { sessionMiddleware } from './session';
import { serveWebApp, WEB_DIST } from './static-web';
import { trustClientAddress } from '../limits';

export interface AppOptions {
  logger: Logger;
  pool: DatabasePool;
  /** Sessions changed by another instance are dropped from this one's memory when it tells (issue 42). */
  notices?: ChangeNotices;
  users: UserRepository;
  sessionKeys: string[];
  publicOrigin: string;
  /** The origins whose pages may change things: PUBLIC_ORIGIN, or the local addresses when it is not set. */
  ownOrigins: () => readonly string[];
  production: boolean;
  /** Proxies in front of the shop whose X-Forwarded-For entries are believed (see src/limits/client-address.ts). */
  trustedProxyHops: number;
  routers: Router[];
  /** The only state-changing routes that take a multipart form instead of JSON (photo uploads). */
  multipartPaths?: readonly string[];
  /** Routes whose spec sends a URL-encoded form, taken as well as JSON (the in-place editor's, issue 39). */
  formPaths?: readonly string[];
  /**
   * Routes a provider calls, authenticated by a signature over the raw body (the card webhook): no CSRF check
   * (no browser sends them), and they read their own body.
   */
  signedWebhookPaths?: readonly string[];
  /**
   * Where browsers post their own reports (CSP violations): sent without our header, often from another
   * site's context, in their own content types, so the CSRF and JSON guards skip them; the route reads,
   * limits and checks its body itself.
   */
  reportPaths?: readonly string[];
  /**
   * Path prefixes whose routes take a bearer token and never a cookie (the public API, issue 41): a browser does
   * not send a bearer token by itself, so the cross-site guard has nothing to protect there and skips them.
   */
  bearerPrefixes?: readonly string[];
  /**
   * Routes an OAuth client's server calls with its own credentials (the token and revocation endpoints, RFC 6749
   * §3.2): no browser session counts there, so the cross-site guard skips them; they take a form or JSON.
   */
  clientCredentialPaths?: readonly string[];
  /** The local fakes' origins (STRIPE_API_URL, the fake PayPal), which their stand-ins call from the browser. */
  fakeApiUrls?: readonly string[];
  webRoot?: string;
  /** Sees every request first and its answer last (the metrics' request counter, src/metrics). */
  observe?: Koa.Middleware;
  /** What the pages' heads say: the shop's settings and the catalogue. */
  pageSources: PageSources;
}

/** The Koa shell: the order of the middleware is the order a request meets them. */
export function createApp(options: AppOptions): Koa {
  const app = new Koa({ proxy: options.production });
  app.keys = new CookieSigner(options.sessionKeys);
  app.silent = true; // errors are logged by the error handler, once
  if (options.observe) app.use(options.observe);
  app.use(trustClientAddress(options.trustedProxyHops));
  app.use(requestLog(options.logger));
  app.use(errorHandler);
  app.use(securityHeaders({ production: options.production, fakeApiUrls: options.fakeApiUrls }));
  app.use(compressAnswers);
  app.use(answerNotFound);
  app.use(servePages({ root: options.webRoot ?? WEB_DIST, origin: options.publicOrigin, sources: options.pageSources }));
  app.use(serveWebApp(options.webRoot));
  if (options.production) app.use(requireHttps(options.publicOrigin));
  app.use(exceptOn([...(options.reportPaths ?? []), ...(options.clientCredentialPaths ?? [])], exceptUnder(options.bearerPrefixes ?? [], refuseCrossSite(options.ownOrigins, options.signedWebhookPaths))));
  app.use(exceptOn(options.reportPaths ?? [], requestBody(options.multipartPaths ?? [], options.signedWebhookPaths, options.formPaths)));
  app.use(sessionMiddleware(app, options.pool, { production: options.production, notices: options.notices }));
  app.use(loadUser(options.users));
  for (const router of options.routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}

/** A middleware that the listed paths skip. */
function exceptOn(paths: readonly string[], middleware: Koa.Middleware): Koa.Middleware {
  const skipped = new Set(paths);
  return (ctx, next) => (skipped.has(ctx.path) ? next() : middleware(ctx, next));
}

/** A middleware that paths under the listed prefixes (each ending in '/') skip. */
function exceptUnder(prefixes: readonly string[], middleware: Koa.Middleware): Koa.Middleware {
  return (ctx, next) => (prefixes.some((prefix) => ctx.path.startsWith(prefix)) ? next() : middleware(ctx, next));
}
