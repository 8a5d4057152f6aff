import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import {
  DEFAULT_RATIO,
  PART_SETTINGS_LIMITS,
  PICTURE_RATIOS,
  SLIDESHOW_EFFECTS,
  SLIDESHOW_INTERVALS,
  type PictureRatio,
  type SlideshowEffect,
  type SlideshowInterval,
  type SlideshowSettings as Settings,
} from '../../../../../src/shared/part-settings';
import { LibraryPictures, pictureLink } from './LibraryPictures';
import { missingAlt, PictureList, type EditedPicture } from './PictureList';
import { SettingsActions, useSettingsSubmit } from './SettingsActions';
import type { PartSettingsFormProps } from './partKinds';
import './part-settings.css';

const PACES: Record<SlideshowInterval, string> = { 'v.slow': 'Very slow', slow: 'Slow', medium: 'Medium', fast: 'Fast', 'v.fast': 'Very fast' };

/** A slideshow's settings (admins): its pace, shape and effect, and its slides from the media library. */
export default function SlideshowSettings({ settings, onSave, onCancel, label }: PartSettingsFormProps<'slideshow'>) {
  const [interval, setPace] = useState<SlideshowInterval>(settings.interval ?? 'medium');
  const [ratio, setRatio] = useState<PictureRatio>(settings.ratio ?? DEFAULT_RATIO);
  const [effect, setEffect] = useState<SlideshowEffect>(settings.effect ?? 'slide');
  const [slides, setSlides] = useState<EditedPicture[]>(settings.slides ?? []);
  const { problem, saving, submit } = useSettingsSubmit(
    () => missingAlt(slides, 'slide'),
    () => onSave({ interval, ratio, effect, slides: slides.map((slide) => ({ pic: slide.pic, alt: slide.alt.trim(), caption: slide.caption.trim() })) } satisfies Settings),
  );
  return (
    <Form onSubmit={submit} noValidate data-testid="slideshow-settings">
      <div className="d-flex flex-wrap gap-3 mb-3">
        <Form.Group controlId="slideshow-interval">
          <Form.Label>Pace</Form.Label>
          <Form.Select value={interval} onChange={(event) => setPace(event.target.value as SlideshowInterval)}>
            {(Object.keys(SLIDESHOW_INTERVALS) as SlideshowInterval[]).map((pace) => (
              <option key={pace} value={pace}>
                {PACES[pace]} ({SLIDESHOW_INTERVALS[pace] / 1000} s a slide)
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="slideshow-ratio">
          <Form.Label>Shape</Form.Label>
          <Form.Select value={ratio} onChange={(event) => setRatio(event.target.value as PictureRatio)}>
            {PICTURE_RATIOS.map((shape) => (
              <option key={shape} value={shape}>
                {shape}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group controlId="slideshow-effect">
          <Form.Label>Effect</Form.Label>
          <Form.Select value={effect} onChange={(event) => setEffect(event.target.value as SlideshowEffect)}>
            {SLIDESHOW_EFFECTS.map((name) => (
              <option key={name} value={name}>
                {name === 'slide' ? 'Slide' : 'Fade'}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <h3 className="h6">Slides</h3>
      <PictureList pictures={slides} onChange={setSlides} noun="slide" />
      {slides.length < PART_SETTINGS_LIMITS.items && (
        <>
          <h3 className="h6">Add a slide from the library</h3>
          <LibraryPictures onPick={(image) => setSlides([...slides, { pic: pictureLink(image, 1280), alt: image.alt, caption: '' }])} />
        </>
      )}
      <SettingsActions problem={problem} saving={saving} onCancel={onCancel} label={label} />
    </Form>
  );
}
