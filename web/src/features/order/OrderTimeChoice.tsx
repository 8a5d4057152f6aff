import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Form from 'react-bootstrap/Form';
import { caughtMessage } from '../../app/serverMessage';
import { londonDayLabel, londonTime } from '../../../../src/shared/london-time';
import { ASAP_TEXT } from '../../../../src/shared/order-time';
import type { Order } from './order';
import { useChooseOrderTimeMutation, useOrderSlotsQuery } from './timeApi';

const ASAP = 'asap';
/** Asked again each minute: a slot that passes leaves the list. */
const REFRESH_MS = 60_000;

/** The slots by their London day ('Friday 27 November 2026'), in order. */
function byDay(slots: readonly string[]): Array<[string, string[]]> {
  const days = new Map<string, string[]>();
  for (const slot of slots) days.set(londonDayLabel(slot), [...(days.get(londonDayLabel(slot)) ?? []), slot]);
  return [...days];
}

/**
 * When the order is for (issue 37): as soon as possible (the store's wait), or a 15-minute slot with room,
 * grouped by day so that a later day is always named. A slot no longer offered is refused with the next ones.
 */
export function OrderTimeChoice({ order }: { order: Order }) {
  const { data: offer, refetch } = useOrderSlotsQuery(undefined, { pollingInterval: REFRESH_MS, refetchOnMountOrArgChange: true });
  const [choose, { isLoading }] = useChooseOrderTimeMutation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const chosen = order.scheduled_for;
  // A booked slot stays listed while it is the order's, even if it has just left the offer: placing says why.
  const slots = offer ? [...new Set([...(chosen ? [chosen] : []), ...offer.slots])].sort() : chosen ? [chosen] : [];

  async function onChange(value: string) {
    setRefusal(null);
    try {
      await choose({ scheduled_for: value === ASAP ? null : value }).unwrap();
    } catch (caught) {
      setRefusal(caughtMessage(caught, 'That time could not be booked: please choose another'));
      refetch();
    }
  }

  return (
    <Form.Group className="mb-3" controlId="order-time" data-testid="order-time-choice">
      <Form.Label className="h6">When would you like your order?</Form.Label>
      <Form.Select value={chosen ?? ASAP} disabled={isLoading} onChange={(event) => void onChange(event.target.value)} data-testid="order-time">
        <option value={ASAP}>{offer ? `${ASAP_TEXT} (about ${offer.asap_minutes} minutes)` : ASAP_TEXT}</option>
        {byDay(slots).map(([day, times]) => (
          <optgroup key={day} label={day}>
            {times.map((slot) => (
              <option key={slot} value={slot}>
                {`${londonTime(slot)} (${day.split(' ')[0]})`}
              </option>
            ))}
          </optgroup>
        ))}
      </Form.Select>
      {refusal && (
        <Alert variant="warning" className="mt-2 mb-0" role="alert" data-testid="order-time-refusal">
          {refusal}
        </Alert>
      )}
    </Form.Group>
  );
}
