import { unprintedAlarmSettings } from '../../../../../src/shared/unprinted-alarm';
import { useGetSettingsQuery } from '../../settings/settingsApi';
import type { AlarmMinutes } from './UnprintedAlarm';

const ALARM_KEYS = ['unprinted_alarm_minutes', 'unprinted_alarm_second_stage_minutes'] as const;

export function useUnprintedAlarmMinutes(): AlarmMinutes {
  const { data } = useGetSettingsQuery(ALARM_KEYS);
  return unprintedAlarmSettings(data ?? {});
}
