import Card from 'react-bootstrap/Card';
import ListGroup from 'react-bootstrap/ListGroup';
import { useTodaysStoreLogQuery } from './storeLogApi';

/** The kitchen's "today" log (issue 14): who changed the store's status, delivery or hours, and when. */
export function StoreLog() {
  const { data: entries, isError } = useTodaysStoreLogQuery();
  return (
    <Card as="section" aria-labelledby="store-log-title" className="mt-3" data-testid="store-log">
      <Card.Header as="h2" id="store-log-title" className="h6 mb-0">
        Today's store changes
      </Card.Header>
      {isError && <Card.Body className="text-danger small">ERROR fetching today's store changes</Card.Body>}
      {entries?.length === 0 && <Card.Body className="small mb-0">No changes today</Card.Body>}
      {entries && entries.length > 0 && (
        <ListGroup as="ol" variant="flush" className="small">
          {entries.map((entry, index) => (
            <ListGroup.Item as="li" key={`${entry.at}-${index}`} data-testid="store-log-entry">
              <time dateTime={entry.at}>{entry.time}</time> {entry.text} <span className="text-body-secondary">by {entry.who}</span>
            </ListGroup.Item>
          ))}
        </ListGroup>
      )}
    </Card>
  );
}
