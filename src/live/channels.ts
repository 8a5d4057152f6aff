import type { LiveChannel } from '../shared/live-contract';

export { LIVE_CHANNELS } from '../shared/live-contract';

/**
 * Channels whose messages each name their audience (issue 17: `order`, one customer's own order): a message goes
 * only to the screens attached with that key, live and on replay, and one with no audience goes to nobody.
 */
const PRIVATE_CHANNELS: ReadonlySet<string> = new Set<LiveChannel>(['order']);

export function isPrivateChannel(channel: string): boolean {
  return PRIVATE_CHANNELS.has(channel);
}
