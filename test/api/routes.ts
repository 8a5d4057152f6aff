import Router from '@koa/router';

export interface RouteEntry {
  method: string;
  path: string;
}

/**
 * Records the routers the composition root mounts (every one goes through `router.routes()` in createApp), so
 * the route list is read from the running app's router stacks rather than kept by hand. Call it before the
 * server starts; the answer fills in as the app is built.
 */
export function recordMountedRoutes(): () => RouteEntry[] {
  const mounted: Router[] = [];
  const original = Router.prototype.routes;
  jest.spyOn(Router.prototype, 'routes').mockImplementation(function (this: Router) {
    mounted.push(this);
    return original.call(this);
  });
  return () =>
    mounted.flatMap((router) =>
      router.stack.flatMap((layer) =>
        layer.methods.filter((method) => method !== 'HEAD').map((method) => ({ method, path: String(layer.path) })),
      ),
    );
}

export const isSafeMethod = (method: string) => ['GET', 'HEAD', 'OPTIONS'].includes(method);
