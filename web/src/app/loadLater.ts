import { lazy, type ComponentType } from 'react';

/**
 * A component kept out of the first download: fetched once the page has loaded and the browser is idle, or
 * at once if it is needed sooner. Fetched ahead, so that it is there also when the network drops later on
 * (an error dialog is shown exactly then).
 */
export function loadLater<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  let loading: Promise<{ default: ComponentType<Props> }> | undefined;
  const start = () => (loading ??= load().then((component) => ({ default: component })));
  const whenIdle = () => (window.requestIdleCallback ?? ((callback: () => void) => setTimeout(callback, 1)))(() => void start());
  // Not on the server (the first-screen render), which has no page to wait for.
  if (typeof document === 'undefined') return lazy(start);
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
  return lazy(start);
}
