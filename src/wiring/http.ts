import http from 'node:http';
import type { ChangeNotices } from '../db/change-notices';
import type { AddressInfo } from 'node:net';
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { DatabasePool } from '../db/pool';
import { createApp } from '../http/app';
import type { PageSources } from '../http/html-page';
import { CSP_REPORT_PATH } from '../http/script-inventory';
import type { UserRepository } from '../identity/users';
import { UPLOAD_PATH } from '../uploads';
import { API_V1_PREFIX, OAUTH_CLIENT_PATHS } from '../../modules/api-access';
import { IN_PLACE_EDIT_PATHS } from '../../modules/content';
import { MEDIA_UPLOAD_PATH } from '../../modules/media';
import { PAYPAL_WEBHOOK_PATH, STRIPE_WEBHOOK_PATH } from '../../modules/order';
import type { ShopOrigins } from './origins';
import type { Stops } from './stops';

/** The Koa app over the routes, served on the configured port until the shop stops; resolves to the port. */
export async function serveHttp(
  deps: {
    config: Config;
    logger: Logger;
    notices: ChangeNotices;
    pool: DatabasePool;
    users: UserRepository;
    sessionKeys: string[];
    origins: ShopOrigins;
    webRoot?: string;
    pageSources: PageSources;
    routers: Router[];
    /** Sees every request first and its answer last (the metrics' request counter). */
    observe?: Koa.Middleware;
  },
  stops: Stops,
): Promise<number> {
  const { config } = deps;
  const app = createApp({
    logger: deps.logger,
    pool: deps.pool,
    notices: deps.notices,
    users: deps.users,
    sessionKeys: deps.sessionKeys,
    publicOrigin: config.publicOrigin,
    ownOrigins: deps.origins.own,
    production: config.NODE_ENV === 'production',
    trustedProxyHops: config.trustedProxyHops,
    webRoot: deps.webRoot,
    pageSources: deps.pageSources,
    multipartPaths: [UPLOAD_PATH, MEDIA_UPLOAD_PATH],
    formPaths: [...IN_PLACE_EDIT_PATHS, ...OAUTH_CLIENT_PATHS],
    signedWebhookPaths: [STRIPE_WEBHOOK_PATH, PAYPAL_WEBHOOK_PATH],
    clientCredentialPaths: OAUTH_CLIENT_PATHS,
    reportPaths: [CSP_REPORT_PATH],
    bearerPrefixes: [`${API_V1_PREFIX}/`],
    fakeApiUrls: [config.STRIPE_API_URL, config.FAKE_PAYPAL ? config.PAYPAL_BASE_URL : undefined].filter((url): url is string => Boolean(url)),
    routers: deps.routers,
    observe: deps.observe,
  });
  const server = http.createServer(
    {
      // A client that sends its request slowly (or a body shorter than its Content-Length) is cut off, not waited for.
      requestTimeout: config.REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeout: Math.min(config.HEADERS_TIMEOUT_SECONDS, config.REQUEST_TIMEOUT_SECONDS) * 1000,
      connectionsCheckingInterval: Math.min(config.REQUEST_TIMEOUT_SECONDS * 1000, 5000) / 2,
    },
    app.callback(),
  );
  // Longer than a balancer keeps an idle connection to the shop (nginx's upstream keep-alive, a cloud balancer's
  // 60 s), so that the balancer, not the shop, closes it: else a request it sends as the shop closes the connection
  // fails (issue 42's bench saw such 502s at Node's default of 5 s).
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, config.HOST, resolve);
  });
  stops.add(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  return (server.address() as AddressInfo).port;
}
