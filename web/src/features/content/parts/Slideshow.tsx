import { useEffect, useState } from 'react';
import { srcsetOfLink } from '../../../../../src/shared/media';
import { ratioClass, slideshowIntervalMs } from '../../../../../src/shared/part-layout';
import { DEFAULT_RATIO } from '../../../../../src/shared/part-settings';
import { useMediaQuery } from '../../../app/useMediaQuery';
import { NoPicturesYet } from './NoPicturesYet';
import type { PartViewProps } from './partKinds';

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A slideshow part (customer spec §9): its slides at its ratio, moving on by its pace with a slide or a fade (CSS in
 * parts.css; none under reduced motion). Previous, Next and a button per slide are plain buttons; Pause stops it,
 * and a visitor who asked for reduced motion gets no autoplay at all (the controls stay). Our own rather than
 * react-bootstrap's Carousel, whose stylesheet would have gone into every page's first one.
 */
export default function Slideshow({ settings, label }: PartViewProps<'slideshow'>) {
  const reduced = useMediaQuery(REDUCED_MOTION);
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useState(0);
  const slides = settings.slides ?? [];
  const count = slides.length;
  const current = count === 0 ? 0 : Math.min(index, count - 1);
  const playing = !reduced && !paused && count > 1;
  const pace = slideshowIntervalMs(settings.interval);

  // One slide's time from when it shows (a click on a control starts it again).
  useEffect(() => {
    if (!playing) return;
    const timer = setTimeout(() => setIndex((at) => (at + 1) % count), pace);
    return () => clearTimeout(timer);
  }, [playing, current, count, pace]);

  if (count === 0) return <NoPicturesYet what="slides" />;
  const show = (at: number) => setIndex((at + count) % count);
  return (
    <div
      className={`part-slideshow part-slideshow-${settings.effect === 'fade' ? 'fade' : 'slide'}`}
      role="region"
      aria-roledescription="slideshow"
      aria-label={label}
      data-testid="slideshow"
      data-playing={playing}
    >
      <div className={`part-frame part-slides ${ratioClass(settings.ratio ?? DEFAULT_RATIO)}`} aria-live={playing ? 'off' : 'polite'}>
        {slides.map((slide, at) => (
          <div
            key={`${at}-${slide.pic}`}
            className={`part-slide ${at === current ? 'is-current' : at < current ? 'is-before' : 'is-after'}`}
            role="group"
            aria-roledescription="slide"
            aria-label={`${at + 1} of ${count}`}
            aria-hidden={at !== current}
          >
            <img src={slide.pic} srcSet={srcsetOfLink(slide.pic)} sizes="(max-width: 1320px) 100vw, 1320px" alt={slide.alt} loading={at === 0 ? 'eager' : 'lazy'} decoding="async" />
            {slide.caption && <p className="part-slide-caption">{slide.caption}</p>}
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="part-slideshow-controls">
          <button type="button" className="btn btn-sm btn-outline-dark" aria-label="Previous slide" onClick={() => show(current - 1)}>
            Previous
          </button>
          {slides.map((_, at) => (
            <button
              key={at}
              type="button"
              className={`btn btn-sm ${at === current ? 'btn-dark' : 'btn-outline-dark'}`}
              aria-label={`Slide ${at + 1} of ${count}`}
              aria-current={at === current}
              onClick={() => show(at)}
            >
              {at + 1}
            </button>
          ))}
          <button type="button" className="btn btn-sm btn-outline-dark" aria-label="Next slide" onClick={() => show(current + 1)}>
            Next
          </button>
          {!reduced && (
            <button type="button" className="btn btn-sm btn-outline-dark ms-auto" onClick={() => setPaused((was) => !was)}>
              {paused ? 'Play the slideshow' : 'Pause the slideshow'}
            </button>
          )}
        </div>
      )}
    </div>
  );
}
