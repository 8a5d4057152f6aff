import { lazy, Suspense, useState, type FormEvent, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { dayMonthYear, londonTime, parseDayMonthYear } from '../../../../src/shared/london-time';
import type { NightDuration, NightGroup } from '../../../../src/shared/night-report';
import { formatPence } from '../../app/money';
import { serverMessage } from '../../app/serverMessage';
import { nightReportCsvUrl, useNightReportQuery } from '../../features/staff/night/nightApi';
import { RequireRole } from '../../features/staff/RequireRole';

/** The charts' code comes only with this page, and after its tables. */
const NightCharts = lazy(() => import('../../features/staff/night/NightCharts').then((charts) => ({ default: charts.NightCharts })));

const minutes = (value: number | null) => (value === null ? '–' : `${value} min`);

function Groups({ id, caption, first, groups }: { id: string; caption: string; first: string; groups: NightGroup[] }) {
  return (
    <Table id={id} size="sm" className="w-auto" data-testid={id}>
      <caption className="caption-top">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{first}</th>
          <th scope="col">Orders</th>
          <th scope="col">Takings</th>
        </tr>
      </thead>
      <tbody>
        {groups.length === 0 && (
          <tr>
            <td colSpan={3}>No orders</td>
          </tr>
        )}
        {groups.map((group) => (
          <tr key={group.key}>
            <th scope="row">{group.key}</th>
            <td>{group.orders}</td>
            <td>{formatPence(group.takingsPence)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const durationText = (duration: NightDuration) => `${minutes(duration.averageMinutes)} on average, ${minutes(duration.p90Minutes)} for 9 in 10 (${duration.orders} orders)`;

/** /takeaway-night: a trading day's figures at a glance (issue 40 item 6, managers); today's unless another day is chosen. */
export function NightReportPage() {
  const [day, setDay] = useState<string | undefined>(undefined);
  const [typed, setTyped] = useState('');
  const [typo, setTypo] = useState<string | null>(null);
  const report = useNightReportQuery(day);
  const choose = (event: FormEvent) => {
    event.preventDefault();
    const chosen = parseDayMonthYear(typed);
    setTypo(chosen ? null : 'Type the day as day/month/year, as 20/11/2026');
    if (chosen) setDay(chosen);
  };
  const figures = report.data;
  return (
    <RequireRole role="manager">
      <h1 className="h3 mb-3">Tonight at a glance</h1>
      <Form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={choose} noValidate>
        <Form.Group controlId="night-day">
          <Form.Label>Day (day/month/year)</Form.Label>
          <Form.Control value={typed} onChange={(event) => setTyped(event.target.value)} placeholder={figures ? dayMonthYear(figures.day) : ''} isInvalid={typo !== null} aria-describedby="night-day-typo" />
        </Form.Group>
        <Button type="submit" variant="primary">
          Show
        </Button>
        {typo && (
          <Form.Text id="night-day-typo" className="text-danger w-100">
            {typo}
          </Form.Text>
        )}
      </Form>
      {report.isFetching && !figures && <Spinner animation="border" role="status" aria-label="Loading the figures" />}
      {report.isError && <Alert variant="danger">{serverMessage(report.error, 'The figures could not be fetched. Please reload the page.')}</Alert>}
      {figures && !report.isError && (
        <section aria-labelledby="night-heading" data-testid="night-report">
          <h2 id="night-heading" className="h5">
            {dayMonthYear(figures.day)}
          </h2>
          <p>
            <a href={nightReportCsvUrl(figures.day)} download>
              Download the hours as CSV
            </a>
          </p>
          <Table size="sm" className="w-auto" data-testid="night-summary">
            <caption className="caption-top">The day</caption>
            <tbody>
              <SummaryRow label="Orders" testId="night-orders">
                {figures.orders}
              </SummaryRow>
              <SummaryRow label="Takings (less refunds)" testId="night-takings">
                {formatPence(figures.takingsPence)}
              </SummaryRow>
              <SummaryRow label="Refunds">
                {figures.refunds.count}, {formatPence(figures.refunds.totalPence)}
              </SummaryRow>
              <SummaryRow label="Vouchers used">
                {figures.vouchers.count}, {formatPence(figures.vouchers.discountPence)} off
              </SummaryRow>
              <SummaryRow label="Paid to printed">
                {durationText(figures.paidToPrinted)}
              </SummaryRow>
              <SummaryRow label="Paid to completed">
                {durationText(figures.paidToCompleted)}
              </SummaryRow>
              <SummaryRow label="Ready by the promised time">
                {figures.promised.onTime} of {figures.promised.orders}
                {figures.promised.averageMinutesLate !== null && `, ${figures.promised.averageMinutesLate} min late on average (below 0: early)`}
              </SummaryRow>
            </tbody>
          </Table>
          <Suspense fallback={null}>
            <NightCharts byHour={figures.byHour} byMethod={figures.byMethod} />
          </Suspense>
          <div className="d-flex flex-wrap gap-4">
            <Groups id="night-hours" caption="By hour" first="Hour" groups={figures.byHour} />
            <Groups id="night-methods" caption="By payment method" first="Method" groups={figures.byMethod} />
          </div>
          <Table size="sm" className="w-auto" data-testid="night-best">
            <caption className="caption-top">Best sellers</caption>
            <thead>
              <tr>
                <th scope="col">Dish</th>
                <th scope="col">Sold</th>
                <th scope="col">Takings at menu price</th>
              </tr>
            </thead>
            <tbody>
              {figures.bestSellers.map((dish) => (
                <tr key={dish.dish}>
                  <th scope="row">{dish.dish}</th>
                  <td>{dish.quantity}</td>
                  <td>{formatPence(dish.takingsPence)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          <Table size="sm" className="w-auto" data-testid="night-sold-out">
            <caption className="caption-top">Sold out</caption>
            <thead>
              <tr>
                <th scope="col">Dish</th>
                <th scope="col">Sold out at</th>
                <th scope="col">Back at</th>
              </tr>
            </thead>
            <tbody>
              {figures.soldOut.length === 0 && (
                <tr>
                  <td colSpan={3}>Nothing sold out</td>
                </tr>
              )}
              {figures.soldOut.map((moment) => (
                <tr key={`${moment.dish}-${moment.soldOutAt}`}>
                  <th scope="row">{moment.dish}</th>
                  <td>{londonTime(moment.soldOutAt)}</td>
                  <td>{moment.backAt ? londonTime(moment.backAt) : 'Not that day'}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </section>
      )}
    </RequireRole>
  );
}

/** One line of the day's summary: what it is, then its figure. */
function SummaryRow({ label, testId, children }: { label: string; testId?: string; children: ReactNode }) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td data-testid={testId}>{children}</td>
    </tr>
  );
}
