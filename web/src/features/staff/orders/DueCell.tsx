import type { LiveOrder } from './kitchenOrder';
import { CompleteButton } from './CompleteButton';
import { NotifyButton } from './NotifyButton';
import { formatCountdown, londonTime, secondsUntil } from './times';
import { useDueEvent } from './useDueEvent';

const COOKING = new Set<LiveOrder['status']>(['NEW', 'PRINTED', 'NOTIFIED']);

/** Due: the countdown while the order is being cooked, with the notify envelope and mark-complete. */
export function DueCell({ order, now, onCompleted }: { order: LiveOrder; now: number; onCompleted: () => void }) {
  const counting = COOKING.has(order.status) && order.dueAt !== null;
  // `now` ticks once a second and may be older than the answer: never count above what the server said was left.
  const secondsLeft = counting ? Math.min(secondsUntil(order.dueAt!, now), order.remaining ?? Infinity) : null;
  useDueEvent(order.id, secondsLeft === null ? null : secondsLeft <= 0);
  const readyToHandOver = order.status === 'PRINTED' || order.status === 'NOTIFIED';

  return (
    <td data-label="Due">
      <div className="small text-muted">{londonTime(order.due_by)}</div>
      {secondsLeft !== null && (
        <div className={`fw-bold font-monospace ${secondsLeft <= 0 ? 'text-danger' : ''}`} data-testid="countdown">
          {formatCountdown(secondsLeft)}
        </div>
      )}
      {readyToHandOver && (
        <div className="d-flex gap-1 mt-1">
          <NotifyButton order={order} />
          <CompleteButton order={order} onCompleted={onCompleted} />
        </div>
      )}
    </td>
  );
}
