import type { NightGroup } from '../../../../../src/shared/night-report';
import { formatPence } from '../../../../../src/shared/money';

/**
 * Two small bar charts of the night report, hand-made SVG: loaded only by the night report page (a lazy import).
 * Each is decoration for sighted readers: its figures are the tables beside it (the text alternative), so the
 * drawing is hidden from assistive technology and names the table it draws.
 */
function Bars({ title, groups, value, label, tableId }: { title: string; groups: NightGroup[]; value: (group: NightGroup) => number; label: (group: NightGroup) => string; tableId: string }) {
  const width = 320;
  const barHeight = 22;
  const height = Math.max(1, groups.length) * (barHeight + 6);
  const most = Math.max(1, ...groups.map(value));
  return (
    <figure className="mb-3" data-testid="night-chart">
      <figcaption className="small text-body-secondary">
        {title} (the figures are in the table “{tableId === 'night-hours' ? 'By hour' : 'By payment method'}”)
      </figcaption>
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
        {groups.map((group, index) => {
          const y = index * (barHeight + 6);
          const barWidth = Math.round((value(group) / most) * (width - 140));
          return (
            <g key={group.key}>
              <text x={0} y={y + 15} fontSize="12" fill="currentColor">
                {group.key}
              </text>
              <rect x={60} y={y} width={barWidth} height={barHeight} fill="#0d6efd" />
              <text x={64 + barWidth} y={y + 15} fontSize="12" fill="currentColor">
                {label(group)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}

export function NightCharts({ byHour, byMethod }: { byHour: NightGroup[]; byMethod: NightGroup[] }) {
  return (
    <div className="d-flex flex-wrap gap-4">
      <Bars title="Orders by hour" groups={byHour} value={(group) => group.orders} label={(group) => String(group.orders)} tableId="night-hours" />
      <Bars title="Takings by payment method" groups={byMethod} value={(group) => group.takingsPence} label={(group) => formatPence(group.takingsPence)} tableId="night-methods" />
    </div>
  );
}
