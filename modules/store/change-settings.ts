import type { CommandContext } from '../../src/core/decider';
import type { CommandHandler } from '../../src/core/handle-command';
import { SETTINGS_STREAM } from './events';
import type { SettingKey } from './settings';
import { settingsDecider } from './settings-decider';

/** Changes settings as a manager's save does (each checked against its schema), for set-up code: tests, benches. */
export function changeSettings(commands: CommandHandler, changes: Partial<Record<SettingKey, unknown>>, context: CommandContext) {
  return commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'ChangeSettings', changes }, context);
}
