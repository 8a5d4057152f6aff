import type Koa from 'koa';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { PoolUsage } from '../db/pool';
import type { EventStore } from '../eventstore/types';

/** What the gauges read on each scrape: each at most one query, nothing on a request. */
export interface GaugeSources {
  /** Seconds behind per projection (src/projections/lag.ts). */
  projectionLags(): Promise<ReadonlyMap<string, number>>;
  /** Open live-update streams on this instance, per channel. */
  liveClients(): ReadonlyMap<string, number>;
  /** Mails neither sent nor failed yet. */
  mailOutboxDepth(): Promise<number>;
  /** Process-manager timers due and not yet decided, per process kind. */
  timersDue(): Promise<ReadonlyMap<string, number>>;
  pool(): PoolUsage;
}

/** The label of a request no router route matched: the web app's pages and files, and anything unknown. */
export const NO_ROUTE = '(none)';

/**
 * The shop's Prometheus metrics (issue 40 item 7), in a registry of its own per shop (tests run several shops in
 * one process). Requests are counted by the router's route pattern, never the raw path, so label values stay
 * bounded; the gauges are read when scraped.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'shop_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'shop_http_request_duration_seconds',
    help: 'Time from a request reaching the shop to its answer being ready, by method and route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [this.registry],
  });
  private readonly appends = new Counter({
    name: 'shop_events_appended_total',
    help: 'Events appended to the event store by this instance, by event type',
    labelNames: ['type'] as const,
    registers: [this.registry],
  });

  /** Counts each request once it is answered (the outermost middleware). */
  readonly observeRequests: Koa.Middleware = async (ctx, next) => {
    const started = process.hrtime.bigint();
    try {
      await next();
    } finally {
      const matched = (ctx as { _matchedRoute?: string | RegExp })._matchedRoute;
      const route = matched === undefined ? NO_ROUTE : String(matched);
      const method = KNOWN_METHODS.has(ctx.method) ? ctx.method : 'OTHER';
      this.requests.inc({ method, route, status: String(ctx.status) });
      this.latency.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
    }
  };

  /** The store, with every successful append counted. */
  countAppends(store: EventStore): EventStore {
    const appends = this.appends;
    return Object.assign(Object.create(store) as EventStore, {
      async append(...args: Parameters<EventStore['append']>) {
        const result = await store.append(...args);
        for (const event of args[1]) appends.inc({ type: event.type });
        return result;
      },
    });
  }

  /** The gauges, read on every scrape; a source that fails leaves its gauge empty for that scrape. */
  watch(sources: GaugeSources): void {
    const registers = [this.registry];
    const perLabel = async (gauge: Gauge<string>, label: string, read: () => Promise<ReadonlyMap<string, number>> | ReadonlyMap<string, number>) => {
      gauge.reset();
      for (const [value, figure] of await read()) gauge.set({ [label]: value }, figure);
    };
    new Gauge({
      name: 'shop_projection_lag_seconds',
      help: 'Seconds since the oldest event a projection has not applied was stored; 0 when caught up',
      labelNames: ['projection'],
      registers,
      collect: quietly(function (this: Gauge<string>) {
        return perLabel(this, 'projection', () => sources.projectionLags());
      }),
    });
    new Gauge({
      name: 'shop_live_clients',
      help: 'Live-update streams open on this instance, by channel',
      labelNames: ['channel'],
      registers,
      collect: quietly(function (this: Gauge<string>) {
        return perLabel(this, 'channel', () => sources.liveClients());
      }),
    });
    new Gauge({
      name: 'shop_mail_outbox_depth',
      help: 'Mails in the outbox neither sent nor failed yet',
      registers,
      collect: quietly(async function (this: Gauge) {
        this.reset();
        this.set(await sources.mailOutboxDepth());
      }),
    });
    new Gauge({
      name: 'shop_process_timers_due',
      help: 'Process-manager timers due and not yet decided, by process kind',
      labelNames: ['kind'],
      registers,
      collect: quietly(function (this: Gauge<string>) {
        return perLabel(this, 'kind', () => sources.timersDue());
      }),
    });
    new Gauge({
      name: 'shop_db_pool_connections',
      help: "The database pool's connections: open (total), idle, callers waiting for one, and the most it opens (max)",
      labelNames: ['state'],
      registers,
      collect: quietly(function (this: Gauge<string>) {
        const usage = sources.pool();
        return perLabel(this, 'state', () => new Map(Object.entries(usage)));
      }),
    });
  }

  /** The Prometheus text of every metric. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** A collect that never fails the scrape: an unreachable database leaves that gauge empty. */
function quietly<T extends { reset(): void }>(collect: (this: T) => Promise<void> | void) {
  return async function (this: T) {
    try {
      await collect.call(this);
    } catch {
      this.reset();
    }
  };
}
