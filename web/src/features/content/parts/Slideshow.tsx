import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Carousel from 'react-bootstrap/Carousel';
import { ratioClass, slideshowIntervalMs } from '../../../../../src/shared/part-layout';
import { DEFAULT_RATIO } from '../../../../../src/shared/part-settings';
import { useMediaQuery } from '../../../app/useMediaQuery';
import { NoPicturesYet } from './NoPicturesYet';
import type { PartViewProps } from './partKinds';

export const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

/**
 * A slideshow part (customer spec §9): its slides at its ratio, moving on by its pace with a slide or a fade.
 * Previous, Next and a button per slide work by keyboard; Pause stops it, and a visitor who asked for reduced
 * motion gets no autoplay at all (the controls stay). It never pauses under a resting mouse pointer: Pause does.
 */
export default function Slideshow({ settings, label }: PartViewProps<'slideshow'>) {
  const reduced = useMediaQuery(REDUCED_MOTION);
  const [paused, setPaused] = useState(false);
  const [index, setIndex] = useState(0);
  const slides = settings.slides ?? [];
  if (slides.length === 0) return <NoPicturesYet what="slides" />;
  const playing = !reduced && !paused && slides.length > 1;
  const ratio = ratioClass(settings.ratio ?? DEFAULT_RATIO);
  return (
    <div className="part-slideshow" role="region" aria-roledescription="carousel" aria-label={label} data-testid="slideshow" data-playing={playing}>
      <Carousel
        activeIndex={Math.min(index, slides.length - 1)}
        onSelect={(next) => setIndex(next)}
        interval={playing ? slideshowIntervalMs(settings.interval) : null}
        fade={settings.effect === 'fade'}
        pause={false}
        indicators={slides.length > 1}
        controls={slides.length > 1}
        indicatorLabels={slides.map((_, at) => `Slide ${at + 1} of ${slides.length}`)}
        prevLabel="Previous slide"
        nextLabel="Next slide"
      >
        {slides.map((slide, at) => (
          <Carousel.Item key={`${at}-${slide.pic}`} aria-roledescription="slide" aria-label={`${at + 1} of ${slides.length}`} role="group">
            <div className={`part-frame ${ratio}`}>
              <img src={slide.pic} alt={slide.alt} loading={at === 0 ? 'eager' : 'lazy'} decoding="async" />
            </div>
            {slide.caption && (
              <Carousel.Caption>
                <p>{slide.caption}</p>
              </Carousel.Caption>
            )}
          </Carousel.Item>
        ))}
      </Carousel>
      {slides.length > 1 && !reduced && (
        <div className="part-slideshow-controls">
          <Button size="sm" variant="outline-dark" onClick={() => setPaused((was) => !was)}>
            {paused ? 'Play the slideshow' : 'Pause the slideshow'}
          </Button>
        </div>
      )}
    </div>
  );
}
