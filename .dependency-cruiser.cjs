/**
 * The doors between the shop's parts (issue 12), checked by `npm run lint` on the resolved path of every import,
 * type-only imports included:
 * - code outside modules/<m>/ imports that module only through modules/<m>/index.ts (or the folder);
 * - the same for projections/<p>/;
 * - the shell (src/) names a module or projection only in its composition root: src/server.ts, its per-module wiring
 *   in src/wiring/, src/main.ts, src/cli/;
 * - src/shared, which the web app imports, imports nothing else of the server;
 * - the order module's core/ imports none of its wings;
 * - no import cycle anywhere (no-circular).
 * Tests and benches may import anything, so test/ and bench/ are not cruised. The web app's own door (web/src may
 * import server code only from src/shared) is in .oxlintrc.json, since dependency-cruiser's swc parser reads no JSX.
 */

/**
 * BASELINE: crossings tolerated while a door is being built, each a [from, to] pair. Empty since issue 12's doors
 * landed: every door rule refuses any crossing. Keep it empty.
 */
const BASELINE = [];

const COMPOSITION_ROOT = '^src/(server|main)\\.ts$|^src/(wiring|cli)/';

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
    name: 'order-core-imports-no-wing',
    comment: "The order module's core (events, commands, state, deciders, rules) is pure: it imports none of its wings nor the placing sequence.",
    severity: 'error',
    from: { path: '^modules/order/core/' },
    to: { path: '^modules/order/(checkout|card|kitchen|mail)/|^modules/order/placing\\.ts$' },
  },
  {
    name: 'shell-names-no-module',
    comment: 'The shell (src/) names a module or projection only in its composition root: server.ts, wiring/, main.ts, cli/.',
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
  {
    name: 'no-circular',
    comment:
      'No import cycle, type-only imports included: a cycle means two parts share a rule or a type that belongs to one ' +
      'of them (move it there or to src/shared) or a dependency that should be passed in at wiring time.',
    severity: 'error',
    from: {},
    to: { circular: true },
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
