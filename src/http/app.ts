import Koa from 'koa';
import type Router from '@koa/router';
import type { Logger } from 'pino';
import type { DatabasePool } from '../db/pool';
import { loadUser } from '../identity/auth';
import type { UserRepository } from '../identity/users';
import { CookieSigner } from './cookie-signer';
import { refuseCrossSite } from './csrf';
import { errorHandler } from './errors';
import { requestBody } from './json-body';
import { requestLog } from './request-log';
import { securityHeaders } from './security-headers';
import { sessionMiddleware } from './session';
import { serveWebApp } from './static-web';

export interface AppOptions {
  logger: Logger;
  pool: DatabasePool;
  users: UserRepository;
  sessionKeys: string[];
  publicOrigin: string;
  production: boolean;
  routers: Router[];
  /** The only state-changing routes that take a multipart form instead of JSON (photo uploads). */
  multipartPaths?: readonly string[];
  webRoot?: string;
}

/** The Koa shell: the order of the middleware is the order a request meets them. */
export function createApp(options: AppOptions): Koa {
  const app = new Koa({ proxy: options.production });
  app.keys = new CookieSigner(options.sessionKeys);
  app.silent = true; // errors are logged by the error handler, once
  app.use(requestLog(options.logger));
  app.use(errorHandler);
  app.use(securityHeaders({ production: options.production }));
  app.use(serveWebApp(options.webRoot));
  app.use(refuseCrossSite(options.publicOrigin));
  app.use(requestBody(options.multipartPaths ?? []));
  app.use(sessionMiddleware(app, options.pool, { production: options.production }));
  app.use(loadUser(options.users));
  for (const router of options.routers) app.use(router.routes()).use(router.allowedMethods());
  return app;
}
