import { liveChannelPath } from '../../src/shared/live-contract';
import { firstRenderDone } from '../../web/src/app/firstRender';
import { openLiveChannel } from '../../web/src/features/store-status/liveChannel';

/** The browser's EventSource, as far as openLiveChannel uses it: it only records the channels opened. */
class RecordingEventSource {
  static readonly CLOSED = 2;
  static opened: RecordingEventSource[] = [];
  readyState = 0;
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    RecordingEventSource.opened.push(this);
  }
  addEventListener(): void {}
  close(): void {
    this.readyState = RecordingEventSource.CLOSED;
  }
}

/** Every promise callback queued so far has run. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

/**
 * Issue 39: a live channel connecting while React takes over a page rendered on the server refetches what the page
 * was rendered from (web/src/app/firstRender.ts). Channels connect once the first page is on the screen.
 */
describe('a live channel', () => {
  beforeAll(() => {
    (globalThis as { EventSource?: unknown }).EventSource = RecordingEventSource;
  });
  afterAll(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  it('connects only once the page has rendered, and not at all when closed before', async () => {
    const onOpen = jest.fn();
    openLiveChannel('menu', { events: {}, onOpen, onConnectionChange: () => undefined });
    const closeStore = openLiveChannel('store', { events: {}, onOpen: () => undefined, onConnectionChange: () => undefined });
    await settled();
    expect(RecordingEventSource.opened).toEqual([]);

    closeStore();
    firstRenderDone();
    await settled();
    expect(RecordingEventSource.opened.map((source) => source.url)).toEqual([liveChannelPath('menu')]);
    RecordingEventSource.opened[0].onopen?.();
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
