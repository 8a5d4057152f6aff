import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { MEDIA_TEXTS, type MediaWidth } from '../../src/shared/media';
import type { MediaEvent } from './events';
import { deleteRefusal, type ImageUses } from './rules';
import { evolveMedia, initialMediaState, type MediaState } from './state';

export type AddImage = { type: 'AddImage'; imageId: string; name: string; widths: MediaWidth[]; by: string; now: string };
export type ChangeAlt = { type: 'ChangeAlt'; imageId: string; alt: string; by: string; now: string };
/** `uses`: where the image is shown now (a fact the handler reads through the `ImageUsage` port). */
export type DeleteImage = { type: 'DeleteImage'; imageId: string; uses: ImageUses; by: string; now: string };
export type MediaCommand = AddImage | ChangeAlt | DeleteImage;

/** The same picture again is the image already there; a deleted one comes back as new, without its old alt text. */
function add(command: AddImage, state: MediaState): MediaEvent[] {
  if (state.status === 'in library') return [];
  return [
    {
      type: 'MediaImageUploaded',
      data: { imageId: command.imageId, name: command.name, alt: '', widths: command.widths, uploadedBy: command.by, uploadedAt: command.now },
    },
  ];
}

function changeAlt(command: ChangeAlt, state: MediaState): MediaEvent[] {
  if (state.status !== 'in library') throw new DomainError('not_found', MEDIA_TEXTS.notFound);
  if (state.alt === command.alt) return [];
  return [{ type: 'MediaAltChanged', data: { imageId: state.imageId, alt: command.alt, changedBy: command.by, changedAt: command.now } }];
}

function remove(command: DeleteImage, state: MediaState): MediaEvent[] {
  if (state.status !== 'in library') throw new DomainError('not_found', MEDIA_TEXTS.notFound);
  const refusal = deleteRefusal(command.uses);
  if (refusal) throw new DomainError('conflict', refusal);
  return [{ type: 'MediaImageDeleted', data: { imageId: state.imageId, deletedBy: command.by, deletedAt: command.now } }];
}

export function decideMedia(command: MediaCommand, state: MediaState): MediaEvent[] {
  switch (command.type) {
    case 'AddImage':
      return add(command, state);
    case 'ChangeAlt':
      return changeAlt(command, state);
    case 'DeleteImage':
      return remove(command, state);
  }
}

export const mediaDecider: Decider<MediaCommand, MediaEvent, MediaState> = {
  initialState: initialMediaState,
  evolve: evolveMedia,
  decide: decideMedia,
};
