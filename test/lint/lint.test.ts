import { spawnSync } from 'node:child_process';
import path from 'node:path';

// The real lint of `npm run lint` (its two tools and the repo's own configs) over a small tree laid out like the
// repo, in test/fixtures/lint: each file says whether its imports cross a door.
const ROOT = path.resolve(__dirname, '../..');
const FIXTURES = path.join(ROOT, 'test/fixtures/lint');
const DOORS = path.join(FIXTURES, 'doors');

interface Crossing {
  from: string;
  to: string;
  rule: string;
}

function run(tool: string, args: string[], cwd: string) {
  const ran = spawnSync(path.join(ROOT, 'node_modules/.bin', tool), args, { cwd, encoding: 'utf8' });
  if (ran.error) throw ran.error;
  return ran;
}

/** dependency-cruiser with .dependency-cruiser.cjs over the fixture tree, as `npm run lint` runs it over the repo. */
function cruiseDoors() {
  const args = ['--config', path.join(ROOT, '.dependency-cruiser.cjs'), 'src', 'modules', 'projections'];
  // As `npm run lint` runs it: its exit status and what it prints.
  const asLinted = run('depcruise', args, DOORS);
  // The same cruise as data, to see each import resolved and judged.
  const result = JSON.parse(run('depcruise', [...args, '--output-type', 'json'], DOORS).stdout) as {
    summary: { violations: Array<{ from: string; to: string; rule: { name: string } }> };
    modules: Array<{ source: string; dependencies: Array<{ module: string; resolved: string; couldNotResolve: boolean; valid: boolean }> }>;
  };
  const crossings: Crossing[] = result.summary.violations.map(({ from, to, rule }) => ({ from, to, rule: rule.name }));
  return { status: asLinted.status, printed: asLinted.stdout, crossings, modules: result.modules };
}

/** oxlint with .oxlintrc.json over the given fixture files. */
function oxlint(...files: string[]) {
  const ran = run('oxlint', ['--config', path.join(ROOT, '.oxlintrc.json'), '--format', 'json', ...files], ROOT);
  const result = JSON.parse(ran.stdout) as { diagnostics: Array<{ filename: string; code: string; labels: Array<{ span: { line: number } }> }> };
  return { status: ran.status, findings: result.diagnostics.map((found) => `${found.filename}:${found.labels[0]?.span.line} ${found.code}`) };
}

const fixture = (file: string) => path.relative(ROOT, path.join(FIXTURES, file));

describe('the doors between modules, projections and the shell (dependency-cruiser)', () => {
  let cruise: ReturnType<typeof cruiseDoors>;
  beforeAll(() => {
    cruise = cruiseDoors();
  });

  it('refuses each import across a door, and each import cycle (type-only imports too), and only those', () => {
    expect(cruise.status).not.toBe(0);
    expect(cruise.crossings).toEqual(
      expect.arrayContaining([
        { from: 'modules/beta/across-the-door.ts', to: 'modules/alpha/name.ts', rule: 'module-door' },
        { from: 'modules/beta/into-a-projection.ts', to: 'projections/gamma/queries.ts', rule: 'projection-door' },
        { from: 'src/http/names-a-module.ts', to: 'modules/alpha/index.ts', rule: 'shell-names-no-module' },
        { from: 'src/shared/reaches-the-shell.ts', to: 'src/http/names-a-module.ts', rule: 'shared-imports-only-shared' },
        { from: 'modules/delta/index.ts', to: 'modules/epsilon/index.ts', rule: 'no-circular' },
        { from: 'modules/order/core/reaches-a-wing.ts', to: 'modules/order/checkout/wing.ts', rule: 'order-core-imports-no-wing' },
      ]),
    );
    // A cycle is reported once, at the first of its imports met.
    expect(cruise.crossings).toHaveLength(6);
    expect(cruise.printed).toContain('error module-door: modules/beta/across-the-door.ts → modules/alpha/name.ts');
  });

  it('lets through an import by the door: a module folder, its index.ts, a projection folder, the composition root and its wiring', () => {
    const allowed = cruise.modules
      .filter((module) => ['modules/beta/through-the-door.ts', 'src/server.ts', 'src/wiring/alpha.ts'].includes(module.source))
      .flatMap((module) => module.dependencies.map((dependency) => ({ from: module.source, to: dependency.resolved, valid: dependency.valid })));
    // Resolved, so the rules really looked at them.
    expect(allowed).toEqual(
      expect.arrayContaining([
        { from: 'modules/beta/through-the-door.ts', to: 'modules/alpha/index.ts', valid: true },
        { from: 'modules/beta/through-the-door.ts', to: 'projections/gamma/index.ts', valid: true },
        { from: 'src/server.ts', to: 'modules/alpha/index.ts', valid: true },
        { from: 'src/wiring/alpha.ts', to: 'modules/alpha/index.ts', valid: true },
      ]),
    );
    expect(allowed.every((dependency) => dependency.valid)).toBe(true);
  });
});

describe("the web app's door and the usual mistakes (oxlint)", () => {
  it('refuses web code that imports server code outside src/shared', () => {
    const linted = oxlint(fixture('doors/web/src/reaches-the-server.ts'));
    expect(linted.status).not.toBe(0);
    expect(linted.findings).toEqual([
      `${fixture('doors/web/src/reaches-the-server.ts')}:2 eslint(no-restricted-imports)`,
      `${fixture('doors/web/src/reaches-the-server.ts')}:3 eslint(no-restricted-imports)`,
    ]);
  });

  it('lets web code import src/shared', () => {
    const linted = oxlint(fixture('doors/web/src/uses-shared.ts'));
    expect(linted).toEqual({ status: 0, findings: [] });
  });

  it('refuses an unused variable, a debugger statement, == and a comparison with NaN', () => {
    const linted = oxlint(fixture('mistakes.ts'));
    expect(linted.status).not.toBe(0);
    expect(linted.findings.sort()).toEqual(
      [
        `${fixture('mistakes.ts')}:3 eslint(no-unused-vars)`,
        `${fixture('mistakes.ts')}:4 eslint(no-debugger)`,
        `${fixture('mistakes.ts')}:5 eslint(eqeqeq)`,
        `${fixture('mistakes.ts')}:5 eslint(use-isnan)`,
      ].sort(),
    );
  });
});
