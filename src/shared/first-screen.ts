/**
 * The first screen rendered on the server (issue 32 item 5): the menu's and /about's HTML answers carry the page
 * as the web app renders it, so the largest paint needs no script, and the web app then hydrates that markup.
 * The web app's server build (web/src/entry-server.tsx) is the renderer; the shop (src/http/first-screen.ts)
 * answers the queries it names the way their API routes do, and sends the answers with the page, so the
 * browser's first render starts from the same data and matches the HTML.
 */

/** One query of the web app's API (its RTK Query endpoint and argument) that a page reads on its first screen. */
export interface FirstScreenQuery {
  endpointName: string;
  arg?: unknown;
}

/** A query with what its route answers now (as the web app caches it, after its transformResponse). */
export interface FirstScreenEntry extends FirstScreenQuery {
  value: unknown;
}

export interface FirstScreenRenderer {
  /** The queries the page at this path reads, or null for a page the server does not render. */
  queriesFor(pathname: string): FirstScreenQuery[] | null;
  /** What else the page reads, given those answers (a content page: what its parts read). */
  thenQueriesFor(entries: readonly FirstScreenEntry[]): FirstScreenQuery[];
  /** The page's markup inside #root, rendered from these answers. */
  render(pathname: string, entries: readonly FirstScreenEntry[]): Promise<string>;
}

/** The id of the page's data element: `<script type="application/json">`, data the browser never runs. */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
