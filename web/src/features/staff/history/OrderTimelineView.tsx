import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import type { TimelineEntry, TimelineWhoKind } from '../../../../../src/shared/order-timeline';
import { serverMessage } from '../../../app/serverMessage';
import { useMeQuery } from '../../auth/authApi';
import { useStepUp } from '../../accounts/useStepUp';
import { hasRole } from '../roles';
import { useLazyOrderTimelinePersonalQuery, useOrderTimelineQuery, type OrderTimeline } from './historyApi';

const WHO_BADGE: Record<TimelineWhoKind, string> = { staff: 'primary', customer: 'success', clock: 'warning', process: 'secondary' };

/** The anchor of one entry, which the links between entries point at. */
const entryAnchor = (id: string) => `timeline-${id}`;

/**
 * An order's timeline (issue 40 item 1): every event in commit order with its time, who, the words and the raw
 * event behind a disclosure; the links tie an entry to its payment, refund or mail. An admin may show the
 * personal data after entering the password again.
 */
export function OrderTimelineView({ orderId }: { orderId: string }) {
  const { data: user } = useMeQuery();
  const masked = useOrderTimelineQuery(orderId);
  const [fetchPersonal] = useLazyOrderTimelinePersonalQuery();
  const [personal, setPersonal] = useState<OrderTimeline | null>(null);
  const { run, prompt, error } = useStepUp();

  if (masked.isLoading) return <Spinner animation="border" role="status" aria-label="Loading the order’s history" />;
  if (masked.isError || !masked.data) return <Alert variant="danger">{serverMessage(masked.error, 'The order’s history could not be fetched. Please reload the page.')}</Alert>;
  const timeline = personal ?? masked.data;

  return (
    <section aria-labelledby="timeline-heading" data-testid="order-timeline">
      <h2 id="timeline-heading" className="h4">
        Order {timeline.ref}
      </h2>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span data-testid="timeline-personal">{timeline.personal === 'shown' ? 'Personal data shown.' : 'Personal data hidden.'}</span>
        {hasRole(user?.role, 'admin') && timeline.personal === 'masked' && (
          <Button variant="outline-secondary" size="sm" onClick={() => run(async () => setPersonal(await fetchPersonal(orderId).unwrap()))}>
            Show personal data
          </Button>
        )}
        {personal && (
          <Button variant="outline-secondary" size="sm" onClick={() => setPersonal(null)}>
            Hide personal data
          </Button>
        )}
      </div>
      {error && <Alert variant="danger">{error}</Alert>}
      {prompt}
      <ListGroup as="ol" className="order-timeline">
        {timeline.entries.map((entry) => (
          <TimelineItem key={entry.id} entry={entry} />
        ))}
      </ListGroup>
    </section>
  );
}

function TimelineItem({ entry }: { entry: TimelineEntry }) {
  return (
    <ListGroup.Item as="li" id={entryAnchor(entry.id)} data-testid="timeline-entry" data-type={entry.type}>
      <div className="d-flex flex-wrap align-items-baseline gap-2">
        <time dateTime={entry.at} className="text-body-secondary small">
          {entry.time}
        </time>
        <Badge bg={WHO_BADGE[entry.who.kind]} text={entry.who.kind === 'clock' ? 'dark' : undefined}>
          {entry.who.label}
        </Badge>
        <span data-testid="timeline-words">{entry.words}</span>
      </div>
      {entry.links.length > 0 && (
        <ul className="list-inline small mb-1">
          {entry.links.map((link) => (
            <li key={`${link.id}-${link.label}`} className="list-inline-item">
              <a href={`#${entryAnchor(link.id)}`}>{link.label}</a>
            </li>
          ))}
        </ul>
      )}
      <details className="small">
        <summary>
          Raw event <span className="visually-hidden">{`${entry.type}, ${entry.time}`}</span>
        </summary>
        <pre className="mb-0" data-testid="timeline-raw">
          {JSON.stringify(entry.raw, null, 2)}
        </pre>
      </details>
    </ListGroup.Item>
  );
}
