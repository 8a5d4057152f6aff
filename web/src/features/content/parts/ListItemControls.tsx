import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PICTURE_RATIOS, type PictureRatio } from '../../../../../src/shared/part-settings';

/** Moves the item at `from` by `by` places (-1 up, 1 down); the list as it was when it cannot move. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** Up, Down and Remove for item `at` of a settings form's list, named after the item; `children` go first. */
export function ListItemControls<T>({ list, at, name, onChange, children }: { list: readonly T[]; at: number; name: string; onChange(next: T[]): void; children?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap gap-1">
      {children}
      <Button size="sm" variant="outline-dark" disabled={at === 0} aria-label={`Move ${name} up`} onClick={() => onChange(moved(list, at, -1))}>
        Up
      </Button>
      <Button size="sm" variant="outline-dark" disabled={at === list.length - 1} aria-label={`Move ${name} down`} onClick={() => onChange(moved(list, at, 1))}>
        Down
      </Button>
      <Button size="sm" variant="outline-danger" aria-label={`Remove ${name}`} onClick={() => onChange(list.filter((_, index) => index !== at))}>
        Remove
      </Button>
    </div>
  );
}

/** A picture's or a video's shape (customer spec §9's ratios). */
export function RatioSelect({ id, name, value, onChange }: { id: string; name: string; value: PictureRatio | undefined; onChange(ratio: PictureRatio): void }) {
  return (
    <Form.Group className="mb-1" controlId={id}>
      <Form.Label className="small mb-0">Shape of {name}</Form.Label>
      <Form.Select size="sm" value={value} onChange={(event) => onChange(event.target.value as PictureRatio)}>
        {PICTURE_RATIOS.map((ratio) => (
          <option key={ratio} value={ratio}>
            {ratio}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  );
}
