import { useState } from 'react';
import { MAX_VIDEO_COLUMNS, ratioClass } from '../../../../../src/shared/part-layout';
import { NoPicturesYet } from './NoPicturesYet';
import type { PartViewProps } from './partKinds';

/**
 * A video gallery part (customer spec §9): 1 column below 768 px, else up to 4. Each video shows its local poster
 * with a play button; only a click loads the player (YouTube's nocookie domain, Vimeo, or a path of this shop),
 * so nothing of the hosts loads, and nothing tracks, before a visitor asks. The content pages' policy allows
 * those two hosts in frames (src/http/security-headers.ts, contentPagePolicy).
 */
export default function VideoGallery({ settings, label }: PartViewProps<'video-gallery'>) {
  const videos = settings.videos ?? [];
  const [playing, setPlaying] = useState<ReadonlySet<number>>(new Set());
  if (videos.length === 0) return <NoPicturesYet what="videos" />;
  return (
    <ul className="part-videos" data-count={Math.min(videos.length, MAX_VIDEO_COLUMNS)} aria-label={label} data-testid="video-gallery">
      {videos.map((video, at) => (
        <li key={`${at}-${video.href}`}>
          <figure>
            <div className={`part-frame ${ratioClass(video.ratio)}`}>
              {playing.has(at) ? (
                <iframe
                  src={video.href}
                  title={video.title}
                  allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
                  allowFullScreen
                  referrerPolicy="strict-origin-when-cross-origin"
                  data-testid="video-player"
                />
              ) : (
                <button type="button" className="part-play" aria-label={`Play ${video.title}`} onClick={() => setPlaying((was) => new Set(was).add(at))}>
                  <img src={video.poster} alt="" loading="lazy" decoding="async" />
                  <span className="part-play-icon" aria-hidden="true">
                    ▶
                  </span>
                </button>
              )}
            </div>
            <figcaption className="part-caption">
              {video.tag && <span className="part-tag">{video.tag}</span>}
              {video.title}
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}
