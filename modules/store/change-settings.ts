import type { CommandContext } from '../../src/core/decider';
import type { Services } from '../../src/services';
import { SETTINGS_STREAM, type SettingKey } from './settings';
import { settingsDecider } from './settings-decider';

/** Records each changed setting as an event on settings-main (the manager's route and the tools use it). */
export function changeSettings(services: Services, changes: Partial<Record<SettingKey, unknown>>, context: CommandContext) {
  return services.commands.handle(SETTINGS_STREAM, settingsDecider, { type: 'ChangeSettings', changes }, context);
}
