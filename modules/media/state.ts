import type { MediaEvent } from './events';

export type MediaState =
  | { status: 'none' }
  | { status: 'in library'; imageId: string; alt: string }
  | { status: 'deleted'; imageId: string };

export const initialMediaState: MediaState = { status: 'none' };

export function evolveMedia(state: MediaState, event: MediaEvent): MediaState {
  switch (event.type) {
    case 'MediaImageUploaded':
      return { status: 'in library', imageId: event.data.imageId, alt: event.data.alt };
    case 'MediaAltChanged':
      return state.status === 'in library' ? { ...state, alt: event.data.alt } : state;
    case 'MediaImageDeleted':
      return { status: 'deleted', imageId: event.data.imageId };
    default:
      return state;
  }
}
