import Alert from 'react-bootstrap/Alert';
import Spinner from 'react-bootstrap/Spinner';
import type { LiveOrder } from './kitchenOrder';
import { useTicketPrintDataQuery, type TicketLine } from './liveOrdersApi';

/**
 * The ticket as it will print, drawn from the printer's own line data (the same lines the printable page is
 * made of). The server forbids framing the printable page, so it is not shown in an iframe.
 */
export function TicketPreview({ order }: { order: LiveOrder }) {
  const { data: lines, isLoading, isError } = useTicketPrintDataQuery(order.id);

  if (isLoading) return <Spinner animation="border" role="status" aria-label="Loading the preview" />;
  if (isError || !lines) {
    return (
      <Alert variant="danger" role="alert">
        There was an ERROR getting preview version of order {order.ref}
      </Alert>
    );
  }
  return (
    <div className="font-monospace border p-3 mx-auto bg-white" style={{ maxWidth: '22rem' }} data-testid="ticket-preview">
      {lines.map((line, index) => (
        <p key={index} className={lineClasses(line)}>
          {line.content || '\u00a0'}
        </p>
      ))}
    </div>
  );
}

function lineClasses(line: TicketLine): string {
  return ['mb-0', line.bold ? 'fw-bold' : '', line.format === 2 ? 'fs-5' : '', line.align === 1 ? 'text-center' : ''].filter(Boolean).join(' ');
}
