import type Router from '@koa/router';
import type { Config } from '../config';
import type { Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import type { UserRepository } from '../identity/users';
import type { Limits } from '../limits';
import type { LiveKeyRing } from '../live/live-keys';
import type { Services } from '../services';
import { apiTokenReadModel, oauthClientReadModel, oauthStore, placedOrdersPage, type MenuCache } from '../../projections';
import { JwtService } from '@jmondi/oauth2-server';
import { createHmac } from 'node:crypto';
import { apiTokenRoutes, createApiTokens, createOAuthClients, hashOfToken, oauthRoutes, publicApiRoutes, type PublicApiPorts } from '../../modules/api-access';
import { stockStatusSwitches } from '../../modules/catalog';
import type { PostcodeLocator } from '../../modules/store';
import { storeSwitches } from '../../modules/store';
import type { wireOrder } from './order';

/**
 * API credentials and the public API (issue 41): the token screens' routes, and `/api/v1` over the commands and
 * read models the staff screens use (the kitchen's, the store's switches, the out-of-stock toggles, the menu).
 */
export function wirePublicApi(deps: {
  config: Config;
  clock: Clock;
  services: Services;
  pool: DatabasePool;
  users: UserRepository;
  limits: Limits;
  menu: MenuCache;
  order: ReturnType<typeof wireOrder>;
  delivery: PostcodeLocator;
  liveKeys: LiveKeyRing;
  /** The shop's signing key; the OAuth access tokens' key is derived from it. */
  linkKey: string;
}): Router[] {
  const { services, pool, menu, order, clock } = deps;
  const readModel = apiTokenReadModel(pool);
  const clientList = oauthClientReadModel(pool);
  const ports: PublicApiPorts = {
    menu: () => menu.get(),
    orders: { page: (query, now) => placedOrdersPage(pool, query, now), placed: (orderId, now) => order.orders.placed(orderId, now) },
    kitchen: {
      print: (orderId, context) => order.kitchen.print(orderId, 'marked', context),
      notify: (orderId, context) => order.kitchen.notify(orderId, context),
      complete: (orderId, context) => order.kitchen.complete(orderId, context),
    },
    store: storeSwitches({ services, delivery: deps.delivery, liveKeys: deps.liveKeys }),
    stock: stockStatusSwitches({ services, menu }),
  };
  const grants = oauthStore(pool);
  const jwtSecret = createHmac('sha256', deps.linkKey).update('oauth access tokens').digest('base64url');
  const jwt = new JwtService(jwtSecret);
  // An OAuth access token: its signature first, then its id by hash, which must still stand on the shop's clock.
  const oauthGrant = async (accessToken: string) => {
    const payload = await jwt.verify(accessToken, { ignoreExpiration: true, algorithms: ['HS256'] }).catch(() => null);
    return typeof payload?.jti === 'string' ? grants.grantOf(hashOfToken(payload.jti), clock()) : null;
  };
  return [
    oauthRoutes({ store: grants, apps: grants, clock, accessMinutes: deps.config.OAUTH_ACCESS_TOKEN_MINUTES, refreshDays: deps.config.OAUTH_REFRESH_TOKEN_DAYS, jwtSecret }),
    apiTokenRoutes({ tokens: createApiTokens({ services, tokens: readModel }), readModel, clients: createOAuthClients({ services, clients: clientList }), clientList, clock }),
    ...publicApiRoutes({ ports, tokens: readModel, owner: (id) => deps.users.findById(id), limits: deps.limits, clock, publicOrigin: deps.config.publicOrigin, oauthGrant }),
  ];
}
