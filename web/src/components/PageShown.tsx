import { useEffect } from 'react';
import { firstRenderDone } from '../app/firstRender';

/** Rendered inside a page's Suspense boundary, with the page: says when the first page is on the screen. */
export function PageShown() {
  useEffect(() => firstRenderDone(), []);
  return null;
}
