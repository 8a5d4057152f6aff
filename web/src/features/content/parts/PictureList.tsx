import Form from 'react-bootstrap/Form';
import { PART_SETTINGS_LIMITS, type PartPicture, type PictureRatio } from '../../../../../src/shared/part-settings';
import { ListItemControls, RatioSelect } from './ListItemControls';

export type EditedPicture = PartPicture & { ratio?: PictureRatio };

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
              {withRatio && <RatioSelect id={`picture-${at}-ratio`} name={name} value={picture.ratio} onChange={(ratio) => change(at, { ratio })} />}
              <ListItemControls list={pictures} at={at} name={name} onChange={onChange} />
            </div>
          </li>
        );
      })}
    </ol>
  );
}
