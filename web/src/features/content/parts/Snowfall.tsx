import { useSyncExternalStore, type CSSProperties } from 'react';
import { londonDate } from '../../../../../src/shared/london-time';
import { dropSeconds, fallSteps, isSnowDay, snowDensity, snowSpeed } from '../../../../../src/shared/snowfall';
import { useMediaQuery } from '../../../app/useMediaQuery';
import type { PartViewProps } from './partKinds';
import { useSnowfallDatesQuery, useSnowflakeImagesQuery } from './snowfallApi';
import './snowfall.css';

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';
const FLAKE_PX = { least: 10, most: 26 };

const noChange = () => () => undefined;
const browserToday = () => londonDate(new Date());
const noDateOnServer = () => null;

/** What the snowfall shows now, and why not snow: still (reduced motion), failed, not-today, no-flakes, waiting. */
function snowState(now: { hydrated: boolean; reducedMotion: boolean; datesFailed: boolean; dates?: unknown; snowing: boolean; imagesFailed: boolean; images?: string[] }) {
  if (!now.hydrated) return 'waiting';
  if (now.reducedMotion) return 'still';
  if (now.datesFailed || now.imagesFailed) return 'failed';
  if (now.dates === undefined) return 'waiting';
  if (!now.snowing) return 'not-today';
  if (now.images === undefined) return 'waiting';
  return now.images.length === 0 ? 'no-flakes' : 'snowing';
}

/** A number from 0 to 1 for a flake and a trait, the same on every visit (no layout chosen at random each render). */
const spread = (index: number, trait: number) => {
  const x = Math.sin((index + 1) * 12.9898 + trait * 78.233) * 43758.5453;
  return x - Math.floor(x);
};

/**
 * The seasonal snowfall (customer spec §9): on the London dates the shop chose, snowflake pictures fall over the
 * page, as many as the density says, each falling in the spec's 2 px steps for the drop time its speed gives.
 * Decoration only: hidden from assistive technology, never in the way of a click, nothing shifts. It starts after
 * the page is shown (the date is the browser's clock), so the server's first screen and hydration have none, and
 * `prefers-reduced-motion: reduce` shows none.
 */
export default function Snowfall({ settings }: PartViewProps<'snowfall'>) {
  const reducedMotion = useMediaQuery(REDUCED_MOTION);
  // After hydration only: the server's first screen has no snow, and the date is the browser's clock.
  const today = useSyncExternalStore(noChange, browserToday, noDateOnServer);
  const fallPx = useSyncExternalStore(noChange, () => window.innerHeight + FLAKE_PX.most * 2, () => 0);
  const { data: dates, isError: datesFailed } = useSnowfallDatesQuery(undefined, { skip: today === null || reducedMotion });
  const snowing = today !== null && !reducedMotion && dates !== undefined && isSnowDay(dates, today);
  const { data: images, isError: imagesFailed } = useSnowflakeImagesQuery(undefined, { skip: !snowing });
  // The overlay is always there (fixed, empty, out of the way), saying what it decided: tests and tools read it.
  const state = snowState({ hydrated: today !== null, reducedMotion, datesFailed, dates, snowing, imagesFailed, images });
  if (state !== 'snowing' || !images) return <div className="snowfall" aria-hidden="true" data-testid="snowfall" data-state={state} />;

  const seconds = dropSeconds(snowSpeed(settings.speed));
  const flakes = snowDensity(settings.density);
  const steps = fallSteps(fallPx);
  return (
    <div className="snowfall" aria-hidden="true" data-testid="snowfall" data-state={state} data-drop-seconds={seconds}>
      {Array.from({ length: flakes }, (_unused, index) => {
        const size = Math.round(FLAKE_PX.least + spread(index, 1) * (FLAKE_PX.most - FLAKE_PX.least));
        const style = {
          left: `${(spread(index, 2) * 100).toFixed(2)}%`,
          width: size,
          height: size,
          animationDuration: `${(seconds * (0.85 + spread(index, 3) * 0.3)).toFixed(2)}s`,
          animationDelay: `-${(spread(index, 4) * seconds).toFixed(2)}s`,
          animationTimingFunction: `steps(${steps})`,
          '--snow-fall': `${fallPx}px`,
        } as CSSProperties;
        return <img key={index} className="snowflake" src={images[index % images.length]} alt="" width={size} height={size} style={style} draggable={false} />;
      })}
    </div>
  );
}
