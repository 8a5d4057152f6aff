let settle: () => void = () => undefined;
const settled = new Promise<void>((resolve) => {
  settle = resolve;
});

/**
 * Settles once the first page itself is on the screen, not only the layout around it (web/src/components/PageShown.tsx).
 * React takes a page rendered on the server over (hydrates it) in passes: the layout first, then each Suspense
 * boundary, the page's and then its parts'. Until the page is taken over nothing should change what it was
 * rendered from: a change makes React throw away the server's markup of every part reading it (its error #418).
 */
export function afterFirstRender(): Promise<void> {
  return settled;
}

/** Called by the first page's first render (and again, harmlessly, by later pages). */
export function firstRenderDone(): void {
  settle();
}
