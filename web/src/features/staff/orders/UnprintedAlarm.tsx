import Badge from 'react-bootstrap/Badge';
import type { LiveOrder } from './kitchenOrder';

/** An order left NEW and unprinted longer than the setting `unprinted_alarm_minutes` raises the alarm. */
export function UnprintedAlarm({ order, now, alarmMinutes }: { order: LiveOrder; now: number; alarmMinutes: number }) {
  if (order.status !== 'NEW' || order.printed_copies > 0) return null;
  const since = order.paid_at ?? order.updated_at;
  const serverNow = now + (order.serverClockAhead ?? 0);
  if (since === null || serverNow - Date.parse(since) <= alarmMinutes * 60_000) return null;
  return (
    <Badge bg="danger" className="fs-6" data-testid="unprinted-alarm">
      ⚠ NOT PRINTED for over {alarmMinutes} min
    </Badge>
  );
}
