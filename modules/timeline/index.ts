/**
 * The timeline module (issue 40 item 1): an order's whole story, read from the event store, for managers and
 * admins. It owns no events: it reads the order's stream and the streams the order touched (basket, stock,
 * payment, voucher, kitchen window, erasure, processes) and the mails about it, and says in words what each
 * event changed (describe.ts, the one home of those words), who did it, and how the entries tie together.
 * It also holds the stream browser for admins (stream-browser.ts, issue 40 item 2): any stream read a page at a
 * time, read-only, personal fields masked. This file is the module's only door.
 */
export { createTimeline, type MailAbout, type Timeline, type TimelineSources } from './timeline';
export { streamBrowserRoutes, timelineRoutes } from './routes';
export { createStreamBrowser, type StreamBrowser } from './stream-browser';
