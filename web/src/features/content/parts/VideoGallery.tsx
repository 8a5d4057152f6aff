import { useEffect, useRef, useState } from 'react';
import { pageAt } from '../../../../../src/shared/page-head';
import { srcsetOfLink } from '../../../../../src/shared/media';
import { MAX_VIDEO_COLUMNS, ratioClass, videoPosterSizes } from '../../../../../src/shared/part-layout';
import type { VideoSettings } from '../../../../../src/shared/part-settings';
import { NoPicturesYet } from './NoPicturesYet';
import type { PartViewProps } from './partKinds';

/** What a Play that needed the page loaded afresh leaves for the page to play once loaded. */
const PLAY_AFTER_LOAD = 'video-to-play';

/**
 * Whether this document came with a content page's policy, which lets the hosted players into frames: its first
 * page (the one the browser loaded; the app is one page) was a content page. A visitor who came from the menu by
 * a link inside the app is still under the menu's policy.
 */
function hostedPlayersAllowed(): boolean {
  const [first] = performance.getEntriesByType('navigation');
  if (!first) return true;
  const { page } = pageAt(new URL(first.name).pathname);
  return page === 'content' || page === 'about';
}

function playAfterLoad(): { path?: unknown; href?: unknown } | null {
  try {
    return JSON.parse(sessionStorage.getItem(PLAY_AFTER_LOAD) ?? 'null') as { path?: unknown; href?: unknown } | null;
  } catch {
    return null;
  }
}

const hosted = (video: VideoSettings) => video.href.startsWith('https://');

/**
 * A video gallery part (customer spec §9): 1 column below 768 px, else up to 4. Each video shows its local poster
 * with a play button; only a click loads the player (YouTube's nocookie domain, Vimeo, or a path of this shop),
 * so nothing of the hosts loads, and nothing tracks, before a visitor asks. The content pages' policy allows
 * those two hosts in frames (src/http/security-headers.ts, withContentPageFrames); where this document came under
 * another page's policy, Play loads the page afresh and plays the video once it is there.
 */
export default function VideoGallery({ settings, label }: PartViewProps<'video-gallery'>) {
  const videos = settings.videos ?? [];
  const [playing, setPlaying] = useState<ReadonlySet<number>>(new Set());
  const list = useRef<HTMLUListElement>(null);

  // The video a Play asked for before the page was loaded afresh: pressed again, now that it may play here.
  useEffect(() => {
    const wanted = playAfterLoad();
    if (!wanted || wanted.path !== window.location.pathname) return;
    sessionStorage.removeItem(PLAY_AFTER_LOAD);
    // Never again where it still may not play: one fresh load per Play, never a loop of them.
    const at = (settings.videos ?? []).findIndex((video) => video.href === wanted.href);
    if (at < 0 || !hostedPlayersAllowed()) return;
    list.current?.querySelector<HTMLButtonElement>(`button[data-video="${at}"]`)?.click();
  }, [settings.videos]);

  const play = (at: number) => {
    if (hosted(videos[at]) && !hostedPlayersAllowed()) {
      try {
        sessionStorage.setItem(PLAY_AFTER_LOAD, JSON.stringify({ path: window.location.pathname, href: videos[at].href }));
      } catch {
        // Without storage the visitor presses Play once more after the page has loaded.
      }
      window.location.reload();
      return;
    }
    setPlaying((was) => new Set(was).add(at));
  };

  if (videos.length === 0) return <NoPicturesYet what="videos" />;
  return (
    <ul ref={list} className="part-videos" data-count={Math.min(videos.length, MAX_VIDEO_COLUMNS)} aria-label={label} data-testid="video-gallery">
      {videos.map((video, at) => (
        <li key={`${at}-${video.href}`}>
          <figure>
            <div className={`part-frame ${ratioClass(video.ratio)}`}>
              {playing.has(at) ? (
                <iframe
                  src={video.href}
                  title={video.title}
                  allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
                  referrerPolicy="strict-origin-when-cross-origin"
                  data-testid="video-player"
                />
              ) : (
                <button type="button" className="part-play" data-video={at} aria-label={`Play ${video.title}`} onClick={() => play(at)}>
                  <img src={video.poster} srcSet={srcsetOfLink(video.poster)} sizes={videoPosterSizes(videos.length)} alt="" loading="lazy" decoding="async" />
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
