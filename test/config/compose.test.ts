import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { ConfigError, loadConfig } from '../../src/config';

/**
 * Issue 42 item 3: docker-compose.yml cannot be run here (no Docker engine), so it is checked by reading it: every
 * shop instance names what production requires, the instances are alike, and only the proxy is reachable.
 */
const ROOT = path.join(__dirname, '..', '..');

interface Service {
  build?: unknown;
  image?: string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: unknown[];
  volumes?: string[];
}

const compose = parse(fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const services = Object.entries(compose.services);
/** The shop's instances: the services built from this repository. */
const apps = services.filter(([, service]) => service.build !== undefined);

/** What the operator sets when starting the stack, for the `${NAME:?...}` the file asks for. */
const HOST_ENV: Record<string, string> = {
  SESSION_KEYS: 'compose-session-key-0123456789abcdefghijklmnop',
  PERSONAL_DATA_MASTER_KEY: Buffer.alloc(32, 7).toString('base64'),
};

/** Compose's interpolation of one value: `$$`, `${NAME}`, `${NAME:-default}`, `${NAME-default}`, `${NAME:?error}`. */
function interpolate(value: string, host: Record<string, string>): string {
  return value.replace(/\$\$|\$\{(\w+)(?:(:?[-?])([^}]*))?\}|\$(\w+)/g, (whole, braced?: string, operator?: string, operand = '', bare?: string) => {
    if (whole === '$$') return '$';
    const name = (braced ?? bare)!;
    const set = host[name];
    const empty = set === undefined || (operator?.startsWith(':') && set === '');
    if (!empty) return set;
    if (operator?.endsWith('-')) return operand;
    if (operator?.endsWith('?')) throw new Error(`${name} is required: ${operand}`);
    return '';
  });
}

function environmentOf(service: Service, host = HOST_ENV): Record<string, string> {
  return Object.fromEntries(Object.entries(service.environment ?? {}).map(([name, value]) => [name, interpolate(String(value ?? ''), host)]));
}

/** The variables loadConfig says are missing in production for this environment, by name. */
function missingInProduction(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return [...(error as Error).message.matchAll(/^ {2}([A-Z_]+):/gm)].map((match) => match[1]!);
  }
}

describe('docker-compose.yml', () => {
  it('runs two shop instances built from this repository', () => {
    expect(apps.map(([name]) => name).sort()).toEqual(['app', 'app2']);
    expect(new Set(apps.map(([, service]) => service.image)).size).toBe(1);
  });

  it('gives every instance every variable production requires, with values the shop accepts', () => {
    for (const [name, service] of apps) {
      const env = environmentOf(service);
      // What production asks for, by the shop's own configuration: start from nothing but the instance's choices.
      const required = missingInProduction({ NODE_ENV: 'production', ...(env.EVENT_STORE ? { EVENT_STORE: env.EVENT_STORE } : {}) });
      expect(required).toContain('PUBLIC_ORIGIN');
      for (const variable of required) expect({ service: name, variable, value: env[variable] || undefined }).toEqual({ service: name, variable, value: expect.any(String) });
      expect(env.NODE_ENV).toBe('production');
      expect(missingInProduction(env)).toEqual([]);
      expect(loadConfig(env).trustedProxyHops).toBe(1);
    }
  });

  it('asks the operator for the keys every instance must share, so no instance generates its own', () => {
    for (const [, service] of apps) {
      for (const shared of Object.keys(HOST_ENV)) {
        expect(() => environmentOf(service, { ...HOST_ENV, [shared]: '' })).toThrow(`${shared} is required`);
      }
    }
  });

  it('gives both instances the same environment and one shared data folder', () => {
    const [first, ...others] = apps.map(([, service]) => service);
    for (const other of others) {
      expect(other.environment).toEqual(first!.environment);
      expect(other.volumes).toEqual(first!.volumes);
    }
    const dataDir = environmentOf(first!).DATA_DIR;
    expect(first!.volumes).toContainEqual(expect.stringMatching(new RegExp(`^[\\w-]+:${dataDir}$`)));
  });

  it('publishes a port on the proxy only, whose nginx config sends to every instance round robin', () => {
    const published = services.filter(([, service]) => (service.ports ?? []).length > 0);
    expect(published.map(([name]) => name)).toEqual(['proxy']);
    const proxy = published[0]![1];
    const mount = (proxy.volumes ?? []).map((volume) => volume.split(':')).find(([, target]) => target === '/etc/nginx/nginx.conf');
    expect(mount).toBeDefined();
    const conf = fs.readFileSync(path.join(ROOT, mount![0]!), 'utf8');
    const upstream = /upstream\s+(\w+)\s*\{([^}]*)\}/.exec(conf);
    expect(upstream).not.toBeNull();
    const servers = [...upstream![2]!.matchAll(/^\s*server\s+([\w-]+):3000;/gm)].map((match) => match[1]);
    expect(servers.sort()).toEqual(apps.map(([name]) => name).sort());
    // No sticky sessions (ip_hash, hash, sticky), and the live streams unbuffered.
    expect(upstream![2]).not.toMatch(/\b(ip_hash|hash|sticky)\b/);
    expect(conf).toMatch(/location \/events\/ \{[^}]*proxy_buffering off;[^}]*\}/);
    expect(conf).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
  });
});
