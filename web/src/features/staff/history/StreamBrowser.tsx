import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Row from 'react-bootstrap/Row';
import Spinner from 'react-bootstrap/Spinner';
import { addDays, londonDateTimeText, londonInstantOn } from '../../../../../src/shared/london-time';
import { serverMessage } from '../../../app/serverMessage';
import { DayMonthYearInput } from '../../../components/DayMonthYearInput';
import { useStreamCategoriesQuery, useStreamPageQuery, useStreamsOfQuery, type StreamPageArgs } from './historyApi';

/**
 * The stream browser (issue 40 item 2, admins): the streams by category, and one stream read forwards or
 * backwards a page at a time, filtered by event type and London day. Read-only; personal fields come masked.
 */
export function StreamBrowser() {
  const categories = useStreamCategoriesQuery();
  // The category and the stream are in the address, so a stream's page can be linked to and reloaded.
  const [params, setParams] = useSearchParams();
  const category = params.get('category') ?? '';
  const stream = params.get('stream');
  const choose = (next: { category: string; stream?: string }) => setParams(next.stream ? { category: next.category, stream: next.stream } : next.category ? { category: next.category } : {});
  const [after, setAfter] = useState<string[]>([]);
  const streams = useStreamsOfQuery({ category, after: after.at(-1) }, { skip: category === '' });

  if (categories.isLoading) return <Spinner animation="border" role="status" aria-label="Loading the streams" />;
  if (categories.isError || !categories.data) return <Alert variant="danger">{serverMessage(categories.error, 'The streams could not be fetched. Please reload the page.')}</Alert>;

  return (
    <section aria-labelledby="streams-heading" data-testid="stream-browser">
      <h1 id="streams-heading" className="h3 mb-3">
        Event streams
      </h1>
      <Row className="g-3">
        <Col md={4}>
          <Form.Label htmlFor="stream-category">Category</Form.Label>
          <Form.Select
            id="stream-category"
            value={category}
            onChange={(event) => {
              choose({ category: event.target.value });
              setAfter([]);
            }}
          >
            <option value="">Choose a category</option>
            {categories.data.map((each) => (
              <option key={each.category} value={each.category}>
                {each.category} ({each.streams} streams, {each.events} events)
              </option>
            ))}
          </Form.Select>
          {streams.data && (
            <>
              <ListGroup className="mt-2" data-testid="stream-list">
                {streams.data.map((each) => (
                  <ListGroup.Item key={each.stream} action active={each.stream === stream} onClick={() => choose({ category, stream: each.stream })} aria-current={each.stream === stream ? 'true' : undefined}>
                    <span className="text-break">{each.stream}</span>
                    <div className="small">
                      {each.events} events, last {londonDateTimeText(each.lastAt)}
                    </div>
                  </ListGroup.Item>
                ))}
              </ListGroup>
              <div className="d-flex gap-2 mt-2">
                {after.length > 0 && (
                  <Button size="sm" variant="outline-secondary" onClick={() => setAfter(after.slice(0, -1))}>
                    First streams
                  </Button>
                )}
                {streams.data.length === 50 && (
                  <Button size="sm" variant="outline-secondary" onClick={() => setAfter([...after, streams.data!.at(-1)!.stream])}>
                    More streams
                  </Button>
                )}
              </div>
            </>
          )}
        </Col>
        <Col md={8}>{stream && <StreamEvents key={stream} stream={stream} />}</Col>
      </Row>
    </section>
  );
}

function StreamEvents({ stream }: { stream: string }) {
  const [direction, setDirection] = useState<StreamPageArgs['direction']>('forwards');
  const [type, setType] = useState('');
  const [day, setDay] = useState('');
  const [from, setFrom] = useState<number[]>([]);
  const dayChosen = /^\d{4}-\d{2}-\d{2}$/.test(day);
  const args: StreamPageArgs = {
    stream,
    direction,
    from: from.at(-1),
    type: /^[A-Za-z][A-Za-z0-9]*$/.test(type) ? type : undefined,
    since: dayChosen ? londonInstantOn(day, '00:00').toISOString() : undefined,
    until: dayChosen ? new Date(londonInstantOn(addDays(day, 1), '00:00').getTime() - 1).toISOString() : undefined,
  };
  const page = useStreamPageQuery(args);
  const restart = () => setFrom([]);

  return (
    <section aria-labelledby="stream-events-heading">
      <h2 id="stream-events-heading" className="h5 text-break">
        {stream}
      </h2>
      <Row className="g-2 mb-2">
        <Col sm={4}>
          <Form.Label htmlFor="stream-direction">Order</Form.Label>
          <Form.Select
            id="stream-direction"
            value={direction}
            onChange={(event) => {
              setDirection(event.target.value as StreamPageArgs['direction']);
              restart();
            }}
          >
            <option value="forwards">Oldest first</option>
            <option value="backwards">Newest first</option>
          </Form.Select>
        </Col>
        <Col sm={4}>
          <Form.Label htmlFor="stream-type">Event type</Form.Label>
          <Form.Control
            id="stream-type"
            value={type}
            maxLength={80}
            onChange={(event) => {
              setType(event.target.value.trim());
              restart();
            }}
          />
        </Col>
        <Col sm={4}>
          <Form.Label htmlFor="stream-day">Day</Form.Label>
          <DayMonthYearInput
            id="stream-day"
            value={day}
            onChange={(value) => {
              setDay(value);
              restart();
            }}
          />
        </Col>
      </Row>
      {page.isFetching && <Spinner animation="border" size="sm" role="status" aria-label="Loading events" />}
      {page.isError && <Alert variant="danger">{serverMessage(page.error, 'The events could not be fetched.')}</Alert>}
      {page.data &&
        (page.data.events.length === 0 ? (
          <p>No events.</p>
        ) : (
          <ListGroup as="ol" data-testid="stream-events">
            {page.data.events.map((event) => (
              <ListGroup.Item as="li" key={event.revision} data-testid="stream-event">
                <span className="text-body-secondary small me-2">#{event.revision}</span>
                <time dateTime={event.at} className="small me-2">
                  {event.time}
                </time>
                <strong>{event.type}</strong>
                <details className="small">
                  <summary>
                    Raw event <span className="visually-hidden">{`#${event.revision} ${event.type}`}</span>
                  </summary>
                  <pre className="mb-0">{JSON.stringify({ data: event.data, metadata: event.metadata, position: event.position }, null, 2)}</pre>
                </details>
              </ListGroup.Item>
            ))}
          </ListGroup>
        ))}
      <div className="d-flex gap-2 mt-2">
        {from.length > 0 && (
          <Button size="sm" variant="outline-secondary" onClick={restart}>
            Back to the start
          </Button>
        )}
        {page.data?.next !== null && page.data?.next !== undefined && (
          <Button size="sm" variant="outline-secondary" onClick={() => setFrom([...from, page.data!.next!])}>
            Next page
          </Button>
        )}
      </div>
    </section>
  );
}
