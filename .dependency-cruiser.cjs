/**
 * The doors between the shop's parts (issue 12), checked by `npm run lint` on the resolved path of every import,
 * type-only imports included:
 * - code outside modules/<m>/ imports that module only through modules/<m>/index.ts (or the folder);
 * - the same for projections/<p>/;
 * - the shell (src/) names a module or projection only in its composition root: src/server.ts, src/main.ts, src/cli/;
 * - src/shared, which the web app imports, imports nothing else of the server.
 * Tests and benches may import anything, so test/ and bench/ are not cruised. The web app's own door (web/src may
 * import server code only from src/shared) is in .oxlintrc.json, since dependency-cruiser's swc parser reads no JSX.
 */

/**
 * BASELINE: the crossings the tree had when the lint arrived, each a [from, to] pair. Every door rule lets these
 * exact pairs through and refuses any other crossing. The domain branch of issue 12 routes them through the new
 * index.ts doors; the lead empties this list after merging it.
 */
const BASELINE = [
  ['modules/cart/basket.ts', 'projections/carts/queries.ts'], // removed when issue 12's doors land
  ['modules/cart/basket.ts', 'projections/menu/cache.ts'], // removed when issue 12's doors land
  ['modules/cart/basket.ts', 'projections/menu/queries.ts'], // removed when issue 12's doors land
  ['modules/cart/known-baskets.ts', 'projections/carts/queries.ts'], // removed when issue 12's doors land
  ['modules/cart/routes.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/catalog/stock-status-routes.ts', 'projections/menu/cache.ts'], // removed when issue 12's doors land
  ['modules/delivery/charges.ts', 'modules/store/settings.ts'], // removed when issue 12's doors land
  ['modules/delivery/routes.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/delivery/service.ts', 'modules/store/settings.ts'], // removed when issue 12's doors land
  ['modules/delivery/service.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/order/checkout.ts', 'modules/cart/decider.ts'], // removed when issue 12's doors land
  ['modules/order/checkout.ts', 'modules/cart/events.ts'], // removed when issue 12's doors land
  ['modules/order/checkout.ts', 'modules/delivery/service.ts'], // removed when issue 12's doors land
  ['modules/order/checkout.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/order/customer-mail.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/order/kitchen-routes.ts', 'projections/menu/cache.ts'], // removed when issue 12's doors land
  ['modules/order/kitchen-routes.ts', 'projections/orders/queries.ts'], // removed when issue 12's doors land
  ['modules/order/kitchen-routes.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/order/kitchen.ts', 'projections/orders/queries.ts'], // removed when issue 12's doors land
  ['modules/order/kitchen.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/order/routes.ts', 'modules/delivery/routes.ts'], // removed when issue 12's doors land
  ['modules/order/ticket.ts', 'projections/orders/queries.ts'], // removed when issue 12's doors land
  ['modules/stock/hold-sweeper.ts', 'projections/menu/queries.ts'], // removed when issue 12's doors land
  ['modules/store/routes.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/store/status-routes.ts', 'modules/delivery/service.ts'], // removed when issue 12's doors land
  ['modules/store/status-routes.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['modules/store/store-clock.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['projections/carts/batch.ts', 'modules/cart/events.ts'], // removed when issue 12's doors land
  ['projections/carts/batch.ts', 'modules/stock/decider.ts'], // removed when issue 12's doors land
  ['projections/carts/batch.ts', 'modules/stock/events.ts'], // removed when issue 12's doors land
  ['projections/carts/projection.ts', 'modules/cart/events.ts'], // removed when issue 12's doors land
  ['projections/carts/projection.ts', 'modules/stock/decider.ts'], // removed when issue 12's doors land
  ['projections/carts/projection.ts', 'modules/stock/events.ts'], // removed when issue 12's doors land
  ['projections/menu/batch.ts', 'modules/stock/decider.ts'], // removed when issue 12's doors land
  ['projections/menu/batch.ts', 'modules/stock/events.ts'], // removed when issue 12's doors land
  ['projections/menu/cache.ts', 'modules/catalog/events.ts'], // removed when issue 12's doors land
  ['projections/menu/cache.ts', 'modules/stock/events.ts'], // removed when issue 12's doors land
  ['projections/menu/projection.ts', 'modules/catalog/events.ts'], // removed when issue 12's doors land
  ['projections/menu/projection.ts', 'modules/stock/decider.ts'], // removed when issue 12's doors land
  ['projections/menu/projection.ts', 'modules/stock/events.ts'], // removed when issue 12's doors land
  ['projections/orders/projection.ts', 'modules/order/events.ts'], // removed when issue 12's doors land
  ['projections/settings/projection.ts', 'modules/store/opening-hours.ts'], // removed when issue 12's doors land
  ['projections/settings/projection.ts', 'modules/store/settings.ts'], // removed when issue 12's doors land
  ['projections/settings/queries.ts', 'modules/store/settings.ts'], // removed when issue 12's doors land
  ['projections/settings/routes.ts', 'modules/store/settings.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/catalog/stock-status-routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/delivery/geocoder.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/delivery/routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/delivery/service.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/order/checkout.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/order/customer-mail.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/order/kitchen-routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/order/kitchen.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/order/routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/stock/hold-sweeper.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/store/routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/store/status-routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'modules/store/store-clock.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'projections/menu/cache.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'projections/menu/routes.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
  ['src/server.ts', 'projections/settings/routes.ts'], // removed when issue 12's doors land
  ['src/services.ts', 'projections/settings/queries.ts'], // removed when issue 12's doors land
];

const COMPOSITION_ROOT = '^src/(server|main)\\.ts$|^src/cli/';

const forbidden = [
  {
    name: 'module-door',
    comment: 'A module imports another module only through modules/<m>/index.ts.',
    severity: 'error',
    from: { path: '^modules/([^/]+)/' },
    to: { path: '^modules/[^/]+/', pathNot: ['^modules/$1/', '^modules/[^/]+/index\\.ts$'] },
  },
  {
    name: 'module-door',
    comment: 'Code outside modules/ imports a module only through modules/<m>/index.ts.',
    severity: 'error',
    from: { pathNot: '^modules/' },
    to: { path: '^modules/[^/]+/', pathNot: '^modules/[^/]+/index\\.ts$' },
  },
  {
    name: 'projection-door',
    comment: 'A projection imports another projection only through projections/<p>/index.ts.',
    severity: 'error',
    from: { path: '^projections/([^/]+)/' },
    to: { path: '^projections/[^/]+/', pathNot: ['^projections/$1/', '^projections/[^/]+/index\\.ts$'] },
  },
  {
    name: 'projection-door',
    comment: 'Code outside projections/ imports a projection only through projections/<p>/index.ts.',
    severity: 'error',
    from: { pathNot: '^projections/' },
    to: { path: '^projections/[^/]+/', pathNot: '^projections/[^/]+/index\\.ts$' },
  },
  {
    name: 'shell-names-no-module',
    comment: 'The shell (src/) names a module or projection only in its composition root: server.ts, main.ts, cli/.',
    severity: 'error',
    from: { path: '^src/', pathNot: COMPOSITION_ROOT },
    to: { path: '^(modules|projections)/' },
  },
  {
    name: 'shared-imports-only-shared',
    comment: 'The web app imports src/shared, so src/shared imports nothing else of the server.',
    severity: 'error',
    from: { path: '^src/shared/' },
    to: { path: '^(src/(?!shared/)|modules/|projections/)' },
  },
];

const ruleNames = [...new Set(forbidden.map((rule) => rule.name))];

module.exports = {
  forbidden,
  options: {
    parser: 'swc',
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    includeOnly: '^(src|modules|projections)/',
    enhancedResolveOptions: { extensions: ['.ts', '.mts', '.js', '.json'] },
    // dependency-cruiser's own baseline mechanism, fed from the list above so that it can carry its comments.
    knownViolations: BASELINE.flatMap(([from, to]) =>
      ruleNames.map((name) => ({ type: 'dependency', from, to, rule: { name, severity: 'error' } })),
    ),
  },
};
