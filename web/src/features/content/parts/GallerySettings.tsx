import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { DEFAULT_GALLERY_COLUMNS, MAX_GALLERY_COLUMNS } from '../../../../../src/shared/part-layout';
import { DEFAULT_RATIO, PART_SETTINGS_LIMITS, type GallerySettings as Settings } from '../../../../../src/shared/part-settings';
import { LibraryPictures, pictureLink } from './LibraryPictures';
import { missingAlt, PictureList, type EditedPicture } from './PictureList';
import { SettingsActions, useSettingsSubmit } from './SettingsActions';
import type { PartSettingsFormProps } from './partKinds';
import './part-settings.css';

/** A gallery's settings (admins): its columns on a wide screen and its pictures from the media library. */
export default function GallerySettings({ settings, onSave, onCancel, label }: PartSettingsFormProps<'gallery'>) {
  const [columns, setColumns] = useState(settings.columns ?? DEFAULT_GALLERY_COLUMNS);
  const [images, setImages] = useState<EditedPicture[]>(settings.images ?? []);
  const { problem, saving, submit } = useSettingsSubmit(
    () => missingAlt(images, 'picture'),
    () => onSave({ columns, images: images.map((image) => ({ pic: image.pic, alt: image.alt.trim(), caption: image.caption.trim(), ratio: image.ratio ?? DEFAULT_RATIO })) } satisfies Settings),
  );
  return (
    <Form onSubmit={submit} noValidate data-testid="gallery-settings">
      <Form.Group className="mb-3" controlId="gallery-columns">
        <Form.Label>Columns on a wide screen</Form.Label>
        <Form.Select value={columns} onChange={(event) => setColumns(Number(event.target.value))}>
          {Array.from({ length: MAX_GALLERY_COLUMNS }, (_, index) => index + 1).map((count) => (
            <option key={count} value={count}>
              {count}
            </option>
          ))}
        </Form.Select>
        <Form.Text>Narrow screens show fewer: at most 3 below 768 px, 2 below 560 px, 1 below 370 px.</Form.Text>
      </Form.Group>
      <h3 className="h6">Pictures</h3>
      <PictureList pictures={images} onChange={setImages} noun="picture" withRatio />
      {images.length < PART_SETTINGS_LIMITS.items && (
        <>
          <h3 className="h6">Add a picture from the library</h3>
          <LibraryPictures onPick={(image) => setImages([...images, { pic: pictureLink(image, 640), alt: image.alt, caption: '', ratio: DEFAULT_RATIO }])} />
        </>
      )}
      <SettingsActions problem={problem} saving={saving} onCancel={onCancel} label={label} />
    </Form>
  );
}
