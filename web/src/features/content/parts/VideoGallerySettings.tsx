import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { PART_SETTINGS_LIMITS, type VideoSettings } from '../../../../../src/shared/part-settings';
import { LibraryPictures, pictureLink } from './LibraryPictures';
import { ListItemControls, RatioSelect } from './ListItemControls';
import { SettingsActions, useSettingsSubmit } from './SettingsActions';
import type { PartSettingsFormProps } from './partKinds';
import './part-settings.css';

/** The first thing a list of videos lacks before it can be saved, as a sentence, or null. */
function missing(videos: readonly VideoSettings[]): string | null {
  for (const [at, video] of videos.entries()) {
    if (!video.title.trim()) return `Give video ${at + 1} a title.`;
    if (!video.href.trim()) return `Give video ${at + 1} the address of its player.`;
    if (!video.poster) return `Choose a poster picture for video ${at + 1}.`;
  }
  return null;
}

/**
 * A video gallery's settings (admins): each video's title, player address (YouTube's youtube-nocookie.com/embed,
 * Vimeo's player.vimeo.com/video, or a path of this shop), shape, tag and poster picture from the media library.
 */
export default function VideoGallerySettings({ settings, onSave, onCancel, label }: PartSettingsFormProps<'video-gallery'>) {
  const [videos, setVideos] = useState<VideoSettings[]>(settings.videos ?? []);
  const [posterFor, setPosterFor] = useState<number | null>(null);
  const change = (at: number, patch: Partial<VideoSettings>) => setVideos(videos.map((video, index) => (index === at ? { ...video, ...patch } : video)));
  const { problem, saving, submit } = useSettingsSubmit(
    () => missing(videos),
    () => onSave({ videos: videos.map((video) => ({ ...video, title: video.title.trim(), href: video.href.trim(), tag: video.tag.trim() })) }),
  );
  return (
    <Form onSubmit={submit} noValidate data-testid="video-gallery-settings">
      <ol className="part-settings-list list-unstyled">
        {videos.map((video, at) => {
          const name = `video ${at + 1}`;
          return (
            <li key={at} className="border-bottom py-2" data-testid="part-video">
              <div className="d-flex gap-2 align-items-start">
                {video.poster ? <img src={video.poster} alt="" /> : null}
                <div className="flex-grow-1">
                  <Form.Group className="mb-1" controlId={`video-${at}-title`}>
                    <Form.Label className="small mb-0">Title of {name}</Form.Label>
                    <Form.Control size="sm" value={video.title} maxLength={PART_SETTINGS_LIMITS.videoTitle} onChange={(event) => change(at, { title: event.target.value })} />
                  </Form.Group>
                  <Form.Group className="mb-1" controlId={`video-${at}-href`}>
                    <Form.Label className="small mb-0">Player address of {name}</Form.Label>
                    <Form.Control size="sm" value={video.href} placeholder="https://www.youtube-nocookie.com/embed/…" onChange={(event) => change(at, { href: event.target.value })} />
                  </Form.Group>
                  <div className="d-flex gap-2">
                    <RatioSelect id={`video-${at}-ratio`} name={name} value={video.ratio} onChange={(ratio) => change(at, { ratio })} />
                    <Form.Group className="mb-1" controlId={`video-${at}-tag`}>
                      <Form.Label className="small mb-0">Tag of {name}</Form.Label>
                      <Form.Control size="sm" value={video.tag} maxLength={PART_SETTINGS_LIMITS.videoTag} onChange={(event) => change(at, { tag: event.target.value })} />
                    </Form.Group>
                  </div>
                  <ListItemControls list={videos} at={at} name={name} onChange={setVideos}>
                    <Button size="sm" variant="outline-dark" aria-label={`Choose the poster of ${name}`} aria-expanded={posterFor === at} onClick={() => setPosterFor(posterFor === at ? null : at)}>
                      Poster
                    </Button>
                  </ListItemControls>
                </div>
              </div>
              {posterFor === at && (
                <LibraryPictures
                  verb={`Poster of ${name}:`}
                  onPick={(image) => {
                    change(at, { poster: pictureLink(image, 640) });
                    setPosterFor(null);
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
      {videos.length < PART_SETTINGS_LIMITS.items && (
        <Button
          variant="outline-dark"
          size="sm"
          className="mb-3"
          onClick={() => {
            setVideos([...videos, { title: '', href: '', ratio: '16:9', tag: '', poster: '' }]);
            setPosterFor(videos.length);
          }}
        >
          Add a video
        </Button>
      )}
      <SettingsActions problem={problem} saving={saving} onCancel={onCancel} label={label} />
    </Form>
  );
}
