import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { parsePostcode } from '../../src/shared/postcode';
import { parseSetting, SettingInvalid, type SettingChanged, type SettingKey } from './settings';

export type SettingsState = { values: Record<string, unknown> };
export type SettingsCommand = { type: 'ChangeSettings'; changes: Partial<Record<SettingKey, unknown>> };

/** Records each changed setting as its own event; unchanged values record nothing. */
export const settingsDecider: Decider<SettingsCommand, SettingChanged, SettingsState> = {
  initialState: { values: {} },
  evolve: (state, event) => ({ values: { ...state.values, [event.data.key]: event.data.value } }),
  decide(command, state) {
    const events: SettingChanged[] = [];
    for (const [key, raw] of Object.entries(command.changes) as Array<[SettingKey, unknown]>) {
      let value: unknown;
      try {
        value = parseSetting(key, raw);
      } catch (error) {
        if (error instanceof SettingInvalid) throw new DomainError('invalid', error.message);
        throw error;
      }
      if (key === 'kitchen_postcode') {
        const postcode = parsePostcode(String(value));
        if (!postcode) throw new DomainError('invalid', 'kitchen_postcode: Not a valid postcode');
        value = postcode;
      }
      if (JSON.stringify(state.values[key]) !== JSON.stringify(value)) events.push({ type: 'SettingChanged', data: { key, value } });
    }
    return events;
  },
};
