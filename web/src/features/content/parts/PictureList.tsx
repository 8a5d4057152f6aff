import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PART_SETTINGS_LIMITS, PICTURE_RATIOS, type PartPicture, type PictureRatio } from '../../../../../src/shared/part-settings';

export type EditedPicture = PartPicture & { ratio?: PictureRatio };

/** Moves the item at `from` by `by` places (-1 up, 1 down); the list as it was when it cannot move. */
export function moved<T>(list: readonly T[], from: number, by: -1 | 1): T[] {
  const to = from + by;
  if (to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

/** The first sentence of what a list of pictures lacks before it can be saved, or null. */
export function missingAlt(pictures: readonly PartPicture[], noun: string): string | null {
  const at = pictures.findIndex((picture) => picture.alt.trim() === '');
  return at < 0 ? null : `Describe ${noun} ${at + 1} for people who cannot see it (its alt text).`;
}

/**
 * A settings form's list of pictures (a gallery's or a slideshow's): each with its alt text (required), caption,
 * ratio when the kind has one per picture, Move up, Move down and Remove, every button named for its picture.
 */
export function PictureList({ pictures, onChange, noun, withRatio }: { pictures: EditedPicture[]; onChange(next: EditedPicture[]): void; noun: string; withRatio?: boolean }) {
  const change = (at: number, patch: Partial<EditedPicture>) => onChange(pictures.map((picture, index) => (index === at ? { ...picture, ...patch } : picture)));
  if (pictures.length === 0) return <p className="small">No {noun}s yet: add one from the library below.</p>;
  return (
    <ol className="part-settings-list list-unstyled" data-testid="part-pictures">
      {pictures.map((picture, at) => {
        const name = `${noun} ${at + 1}`;
        return (
          <li key={`${at}-${picture.pic}`} className="d-flex gap-2 align-items-start border-bottom py-2">
            <img src={picture.pic} alt="" />
            <div className="flex-grow-1">
              <Form.Group className="mb-1" controlId={`picture-${at}-alt`}>
                <Form.Label className="small mb-0">Alt text of {name}</Form.Label>
                <Form.Control size="sm" value={picture.alt} maxLength={PART_SETTINGS_LIMITS.alt} required onChange={(event) => change(at, { alt: event.target.value })} />
              </Form.Group>
              <Form.Group className="mb-1" controlId={`picture-${at}-caption`}>
                <Form.Label className="small mb-0">Caption of {name}</Form.Label>
                <Form.Control size="sm" value={picture.caption} maxLength={PART_SETTINGS_LIMITS.caption} onChange={(event) => change(at, { caption: event.target.value })} />
              </Form.Group>
              {withRatio && (
                <Form.Group className="mb-1" controlId={`picture-${at}-ratio`}>
                  <Form.Label className="small mb-0">Shape of {name}</Form.Label>
                  <Form.Select size="sm" value={picture.ratio} onChange={(event) => change(at, { ratio: event.target.value as PictureRatio })}>
                    {PICTURE_RATIOS.map((ratio) => (
                      <option key={ratio} value={ratio}>
                        {ratio}
                      </option>
                    ))}
                  </Form.Select>
                </Form.Group>
              )}
              <div className="d-flex gap-1">
                <Button size="sm" variant="outline-dark" disabled={at === 0} aria-label={`Move ${name} up`} onClick={() => onChange(moved(pictures, at, -1))}>
                  Up
                </Button>
                <Button size="sm" variant="outline-dark" disabled={at === pictures.length - 1} aria-label={`Move ${name} down`} onClick={() => onChange(moved(pictures, at, 1))}>
                  Down
                </Button>
                <Button size="sm" variant="outline-danger" aria-label={`Remove ${name}`} onClick={() => onChange(pictures.filter((_, index) => index !== at))}>
                  Remove
                </Button>
              </div>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
