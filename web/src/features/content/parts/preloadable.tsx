import { lazy, useState, type ComponentType } from 'react';

/** A part's view or form, loaded on demand; `preload` loads it ahead, so that it then renders at once. */
export type PreloadableComponent<P> = ComponentType<P> & { preload(): Promise<void> };

/**
 * Like `lazy`, but a component already loaded (`preload`, before the page is hydrated) renders at once instead of
 * suspending: the server's markup of a content page's parts is then taken over in the page's first pass, with the
 * answers it was rendered from still held (web/src/main.tsx), not later, when they may have changed or gone.
 */
export function preloadable<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): PreloadableComponent<P> {
  let loaded: ComponentType<P> | undefined;
  const Lazy = lazy(load);
  function Preloadable(props: P) {
    // Chosen once per mount: switching from the lazy one to the loaded one would mount the part afresh.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Lazy {...props} />;
  }
  return Object.assign(Preloadable, {
    preload: () =>
      load().then((module) => {
        loaded = module.default;
      }),
  });
}
