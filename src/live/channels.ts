export const LIVE_CHANNELS = ['orders', 'store', 'menu', 'order'] as const;

/**
 * Channels whose messages each name their audience (issue 17: `order`, one customer's own order): a message goes
 * only to the screens attached with that key, live and on replay, and one with no audience goes to nobody.
 */
const PRIVATE_CHANNELS: ReadonlySet<string> = new Set(['order']);

export function isPrivateChannel(channel: string): boolean {
  return PRIVATE_CHANNELS.has(channel);
}
