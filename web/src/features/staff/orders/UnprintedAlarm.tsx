import Badge from 'react-bootstrap/Badge';
import { unprintedAlarmStage, type UnprintedAlarmStage } from '../../../../../src/shared/unprinted-alarm';
import type { LiveOrder } from './kitchenOrder';

/** The two settings' minutes (unprinted_alarm_minutes, then unprinted_alarm_second_stage_minutes further). */
export interface AlarmMinutes {
  first: number;
  second: number;
}

/** The shared rule (src/shared/unprinted-alarm.ts) for an order on this screen, on the server's clock. */
export function alarmStageOf(order: LiveOrder, now: number, alarmMinutes: AlarmMinutes): UnprintedAlarmStage {
  const serverNow = now + (order.serverClockAhead ?? 0);
  return unprintedAlarmStage({ status: order.status, printedCopies: order.printed_copies, since: order.released_at ?? order.paid_at ?? order.updated_at }, serverNow, alarmMinutes);
}

/** An order left NEW and unprinted raises the alarm, and later its louder second stage (the managers are mailed). */
export function UnprintedAlarm({ order, now, alarmMinutes }: { order: LiveOrder; now: number; alarmMinutes: AlarmMinutes }) {
  const stage = alarmStageOf(order, now, alarmMinutes);
  if (stage === 'none') return null;
  if (stage === 'second') {
    return (
      <Badge bg="danger" className="fs-5 unprinted-second-stage" data-testid="unprinted-alarm" data-stage="second" role="alert">
        ⚠⚠ STILL NOT PRINTED after {alarmMinutes.first + alarmMinutes.second} min: the managers have been emailed
      </Badge>
    );
  }
  return (
    <Badge bg="danger" className="fs-6" data-testid="unprinted-alarm" data-stage="first">
      ⚠ NOT PRINTED for over {alarmMinutes.first} min
    </Badge>
  );
}
