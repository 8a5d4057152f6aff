import Router from '@koa/router';
import type { Context, Middleware } from 'koa';
import { z } from 'zod';
import type { Clock } from '../../../src/core/clock';
import { DomainError } from '../../../src/core/errors';
import { commandContext } from '../../../src/http/command-context';
import { noInput } from '../../../src/http/inputs';
import type { ApiScope } from '../../../src/shared/api-scopes';
import { requireScope } from '../bearer';
import type { PublicApiPorts } from './ports';
import {
  answerOf,
  apiMenuOf,
  apiOrderOf,
  ApiMenu,
  ApiOrder,
  AvailabilityInput,
  cursorOf,
  cursorText,
  DeliveryInput,
  Done,
  ItemParams,
  OrderParams,
  OrdersQuery,
  pageOf,
  StoreStatusInput,
} from './schemas';

export const API_V1_PREFIX = '/api/v1';
const NO_SUCH_ORDER = 'There is no such order';

type Schema = z.ZodObject;
type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** One route of the public API: its door (method, path, scope), its inputs' and answer's schemas, its work. */
export interface V1Route<P = Schema | undefined, Q = Schema | undefined, B = Schema | undefined> {
  method: 'get' | 'post' | 'put';
  /** Under API_V1_PREFIX, in the router's form (`/orders/:id`). */
  path: string;
  scope: ApiScope;
  summary: string;
  params?: P;
  query?: Q;
  body?: B;
  answer: z.ZodType;
  handle(ctx: Context, input: { params: Parsed<P>; query: Parsed<Q>; body: Parsed<B> }): Promise<unknown>;
}

const route = <P extends Schema | undefined = undefined, Q extends Schema | undefined = undefined, B extends Schema | undefined = undefined>(
  definition: V1Route<P, Q, B>,
) => definition as unknown as V1Route;

/**
 * The public API's routes (issue 41 item 4), one table: the router is mounted from it and the OpenAPI document
 * generated from it, so a route cannot be in one and not the other. Reads first, then writes, each through the
 * command the staff screen for it runs.
 */
export function v1Routes(ports: PublicApiPorts, clock: Clock): V1Route[] {
  const personal = (ctx: Context) => ctx.state.apiGrant?.scopes.includes('orders:read:personal') === true;
  const order = async (ctx: Context, work: Promise<unknown>) => apiOrderOf((await work) as never, personal(ctx));
  return [
    route({
      method: 'get',
      path: '/menu',
      scope: 'menu:read',
      summary: 'The menu: categories, dishes and their sizes, each with its price, status and stock',
      answer: answerOf(ApiMenu),
      handle: async () => ({ status: true, data: apiMenuOf(await ports.menu()) }),
    }),
    route({
      method: 'get',
      path: '/orders',
      scope: 'orders:read',
      summary: 'Placed orders, newest first, a page at a time; of one trading day with `day`',
      query: OrdersQuery,
      answer: pageOf(ApiOrder),
      handle: async (ctx, { query }) => {
        const after = query.cursor === undefined ? undefined : cursorOf(query.cursor);
        if (after === null) throw new DomainError('invalid', 'cursor: must be one the API gave');
        const orders = await ports.orders.page({ day: query.day, after, limit: query.limit + 1 }, clock());
        const page = orders.slice(0, query.limit);
        const last = page.at(-1);
        const more = orders.length > query.limit && last?.updated_at;
        return { status: true, data: page.map((each) => apiOrderOf(each, personal(ctx))), next_cursor: more ? cursorText({ at: last.updated_at!, id: last.id }) : null };
      },
    }),
    route({
      method: 'get',
      path: '/orders/:id',
      scope: 'orders:read',
      summary: 'One placed order',
      params: OrderParams,
      answer: answerOf(ApiOrder),
      handle: async (ctx, { params }) => {
        const found = await ports.orders.placed(params.id, clock());
        if (!found) throw new DomainError('not_found', NO_SUCH_ORDER);
        return { status: true, data: apiOrderOf(found, personal(ctx)) };
      },
    }),
    route({
      method: 'post',
      path: '/orders/:id/print',
      scope: 'orders:write',
      summary: 'Marks the order printed (NEW to PRINTED), as the live orders screen does',
      params: OrderParams,
      body: noInput,
      answer: answerOf(ApiOrder),
      handle: async (ctx, { params }) => ({ status: true, data: await order(ctx, ports.kitchen.print(params.id, commandContext(ctx, clock))) }),
    }),
    route({
      method: 'post',
      path: '/orders/:id/notify',
      scope: 'orders:write',
      summary: 'Tells the customer the order is ready or on its way (once per order)',
      params: OrderParams,
      body: noInput,
      answer: answerOf(ApiOrder),
      handle: async (ctx, { params }) => ({ status: true, data: await order(ctx, ports.kitchen.notify(params.id, commandContext(ctx, clock))) }),
    }),
    route({
      method: 'post',
      path: '/orders/:id/complete',
      scope: 'orders:write',
      summary: 'Completes the order',
      params: OrderParams,
      body: noInput,
      answer: answerOf(ApiOrder),
      handle: async (ctx, { params }) => ({ status: true, data: await order(ctx, ports.kitchen.complete(params.id, commandContext(ctx, clock))) }),
    }),
    route({
      method: 'put',
      path: '/store/status',
      scope: 'store:write',
      summary: 'Sets the store closed, open, busy or slammed',
      body: StoreStatusInput,
      answer: Done,
      handle: async (ctx, { body }) => {
        await ports.store.setStatus(body.status, commandContext(ctx, clock));
        return { status: true };
      },
    }),
    route({
      method: 'put',
      path: '/store/delivery',
      scope: 'store:write',
      summary: 'Switches delivery on or off',
      body: DeliveryInput,
      answer: Done,
      handle: async (ctx, { body }) => {
        await ports.store.setDelivering(body.delivering, commandContext(ctx, clock));
        return { status: true };
      },
    }),
    route({
      method: 'put',
      path: '/menu/products/:id/availability',
      scope: 'menu:write',
      summary: 'Takes a dish off the menu (out-of-stock) or puts it back (active)',
      params: ItemParams,
      body: AvailabilityInput,
      answer: Done,
      handle: async (ctx, { params, body }) => {
        await ports.stock.setProductStatus(params.id, body.status, commandContext(ctx, clock));
        return { status: true };
      },
    }),
    route({
      method: 'put',
      path: '/menu/variants/:id/availability',
      scope: 'menu:write',
      summary: "Takes one size of a dish off the menu or puts it back",
      params: ItemParams,
      body: AvailabilityInput,
      answer: Done,
      handle: async (ctx, { params, body }) => {
        await ports.stock.setVariantStatus(params.id, body.status, commandContext(ctx, clock));
        return { status: true };
      },
    }),
  ];
}

/**
 * Mounts the table behind the bearer check (`authenticate`): each route checks its scope, then parses its path,
 * query and body with its schemas (unknown body fields refused), then answers. Nothing is cached.
 */
export function publicApiRouter(routes: V1Route[], authenticate: Middleware): Router {
  const router = new Router({ prefix: API_V1_PREFIX });
  for (const each of routes) {
    router[each.method](each.path, authenticate, requireScope(each.scope), async (ctx) => {
      const input = {
        params: each.params?.parse(ctx.params),
        query: each.query?.parse(ctx.query),
        body: each.body ? each.body.parse(ctx.request.body) : noInput.parse(ctx.request.body ?? {}),
      };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = await each.handle(ctx, input as never);
    });
  }
  return router;
}
