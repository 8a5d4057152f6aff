import { unprintedAlarmMinutes } from '../../../../../src/shared/setting-keys';
import { useGetSettingsQuery } from '../../settings/settingsApi';

const ALARM_KEYS = ['unprinted_alarm_minutes'] as const;

export function useUnprintedAlarmMinutes(): number {
  const { data } = useGetSettingsQuery(ALARM_KEYS);
  return unprintedAlarmMinutes(data?.unprinted_alarm_minutes);
}
