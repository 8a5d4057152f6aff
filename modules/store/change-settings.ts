import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { SETTINGS_STREAM } from './events';
import type { SettingKey } from './settings';
import { settingsDecider } from './settings-decider';

/** Changes settings as a manager's save does (each checked against its schema); routes, tests and benches. */
export function changeSettings(commands: CommandHandler, changes: Partial<Record<SettingKey, unknown>>, context: CommandContext) {
  return commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'ChangeSettings', changes, now: context.now }, context);
}

/** Closes the store at the closing time its opening lasts until; anything else (or a repeat) changes nothing. */
export function closeAtClosingTime(commands: CommandHandler, closesAt: string, context: CommandContext) {
  return commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'CloseAtClosingTime', closesAt }, context);
}

/** At start: a store left open by an older version (no closing time recorded) closes at the next closing time. */
export function dateOpening(commands: CommandHandler, context: CommandContext) {
  return commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'DateOpening', now: context.now }, context);
}
