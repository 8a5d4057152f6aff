import { useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import ListGroup from 'react-bootstrap/ListGroup';
import Spinner from 'react-bootstrap/Spinner';
import { londonDayLabel, londonTime } from '../../../../../src/shared/london-time';
import { useOrdersChannelQuery } from '../orders/ordersChannelApi';
import { useContactMessagesQuery, useMarkContactHandledMutation, type InboxMessage } from './inboxApi';

const when = (instant: string) => `${londonDayLabel(instant)}, ${londonTime(instant)}`;

/** A reply in the member of staff's own mail program, to the visitor's address. */
const replyLink = (message: InboxMessage) =>
  `mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject ?? 'your message'}`)}`;

/**
 * The staff inbox (issue 34): the contact form's messages newest first, each opened in place, answered by mail
 * and marked handled (who and when). New messages arrive live over the staff channel.
 */
export function Inbox() {
  useOrdersChannelQuery(); // keeps the live staff channel open: a new message refetches this list
  const { data, isLoading, isError } = useContactMessagesQuery();
  const [open, setOpen] = useState<string | null>(null);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading messages" />;
  if (isError || !data) return <Alert variant="danger">Sorry, the messages could not be fetched. Please reload the page.</Alert>;

  return (
    <section aria-labelledby="inbox-heading" data-testid="inbox">
      <h1 id="inbox-heading" className="h3">
        Messages
      </h1>
      <p data-testid="inbox-waiting">{data.unhandled === 1 ? '1 message waits to be handled.' : `${data.unhandled} messages wait to be handled.`}</p>
      {data.messages.length === 0 ? (
        <p>No messages yet.</p>
      ) : (
        <ListGroup as="ul">
          {data.messages.map((message) => (
            <MessageItem key={message.messageId} message={message} open={open === message.messageId} toggle={() => setOpen(open === message.messageId ? null : message.messageId)} />
          ))}
        </ListGroup>
      )}
    </section>
  );
}

function MessageItem({ message, open, toggle }: { message: InboxMessage; open: boolean; toggle: () => void }) {
  const [markHandled, { isLoading, isError }] = useMarkContactHandledMutation();
  // The toggle names the details it controls only while they are there: a reference to a missing element is
  // an error to assistive technology (and to axe).
  const detailsId = `message-${message.messageId}`;
  return (
    <ListGroup.Item as="li" data-testid="inbox-message">
      <div className="d-flex flex-wrap align-items-center gap-2">
        <Button variant="link" className="p-0 text-start" aria-expanded={open} aria-controls={open ? detailsId : undefined} onClick={toggle}>
          <strong>{message.name}</strong>
          {message.subject !== null && <>: {message.subject}</>}
        </Button>
        <span className="text-body-secondary small">{when(message.receivedAt)}</span>
        {message.handledAt === null ? <Badge bg="warning" text="dark">Waiting</Badge> : <Badge bg="success">Handled</Badge>}
      </div>
      {open && (
        <div id={detailsId} className="mt-2">
          <dl className="mb-2">
            <dt>Email</dt>
            <dd>{message.email}</dd>
            {message.phone !== null && (
              <>
                <dt>Phone</dt>
                <dd>{message.phone}</dd>
              </>
            )}
          </dl>
          <p style={{ whiteSpace: 'pre-wrap' }} data-testid="inbox-message-text">
            {message.message}
          </p>
          <div className="d-flex flex-wrap align-items-center gap-2">
            <a className="btn btn-outline-primary btn-sm" href={replyLink(message)}>
              Reply by email
            </a>
            {message.handledAt === null ? (
              <Button size="sm" variant="success" disabled={isLoading} onClick={() => void markHandled(message.messageId)}>
                Mark handled
              </Button>
            ) : (
              <span data-testid="inbox-handled">
                Handled by {message.handledBy} on {when(message.handledAt)}
              </span>
            )}
          </div>
          {isError && (
            <Alert variant="danger" className="mt-2 mb-0">
              Sorry, the message could not be marked handled. Please try again.
            </Alert>
          )}
        </div>
      )}
    </ListGroup.Item>
  );
}
