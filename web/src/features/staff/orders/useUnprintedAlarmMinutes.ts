import { useGetSettingsQuery } from '../../settings/settingsApi';

const ALARM_KEYS = ['unprinted_alarm_minutes'] as const;
const DEFAULT_ALARM_MINUTES = 2;

export function useUnprintedAlarmMinutes(): number {
  const { data } = useGetSettingsQuery(ALARM_KEYS);
  const minutes = data?.unprinted_alarm_minutes;
  return typeof minutes === 'number' && minutes > 0 ? minutes : DEFAULT_ALARM_MINUTES;
}
