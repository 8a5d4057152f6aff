import type { CommandContext } from '../core/decider';
import type { Clock } from '../core/clock';

/** The context of a command the shop sends itself while starting (no person asked for it). */
export function systemContext(clock: Clock, correlationId: string): CommandContext {
  return { actor: 'system', now: clock().toISOString(), correlationId };
}
