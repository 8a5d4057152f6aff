import { deleteRefusal, mediaDecider, type MediaCommand, type MediaEvent } from '../../../modules/media';
import { mediaIdOfLink, mediaNameOf } from '../../../src/shared/media';
import { specFor } from '../../support/given-when-then';

const spec = specFor(mediaDecider);
const imageId = '0123456789abcdef0123456789abcdef';
const now = '2026-11-29T20:00:00.000Z';
const admin = '11111111-1111-4111-8111-111111111111';
const widths = [{ width: 320, height: 240 }, { width: 800, height: 600 }];
const add: MediaCommand = { type: 'AddImage', imageId, name: 'Terrace', widths, by: admin, now };
const uploaded: MediaEvent = { type: 'MediaImageUploaded', data: { imageId, name: 'Terrace', alt: '', widths, uploadedBy: admin, uploadedAt: now } };
const described: MediaEvent = { type: 'MediaAltChanged', data: { imageId, alt: 'Tables under the vine', changedBy: admin, changedAt: now } };
const deleted: MediaEvent = { type: 'MediaImageDeleted', data: { imageId, deletedBy: admin, deletedAt: now } };
const remove = (dishes: number, pageParts: number): MediaCommand => ({ type: 'DeleteImage', imageId, uses: { dishes, pageParts }, by: admin, now });

describe('the media library decider', () => {
  it('adds an image once, without alt text; the same picture again changes nothing; a deleted one comes back new', () => {
    spec([]).when(add).then([uploaded]);
    spec([uploaded, described]).when(add).then([]);
    spec([uploaded, described, deleted]).when(add).then([uploaded]);
  });

  it('changes the alt text of an image in the library only, and only when it differs', () => {
    spec([uploaded]).when({ type: 'ChangeAlt', imageId, alt: 'Tables under the vine', by: admin, now }).then([described]);
    spec([uploaded, described]).when({ type: 'ChangeAlt', imageId, alt: 'Tables under the vine', by: admin, now }).then([]);
    spec([uploaded, deleted]).when({ type: 'ChangeAlt', imageId, alt: 'x', by: admin, now }).thenFails('There is no such image in the library', 'not_found');
  });

  it('refuses to delete an image a dish or a page part shows, saying where', () => {
    spec([uploaded]).when(remove(0, 0)).then([deleted]);
    spec([uploaded]).when(remove(2, 0)).thenFails('This image cannot be deleted while it is used by 2 dishes; take it off them first', 'conflict');
    expect(deleteRefusal({ dishes: 1, pageParts: 1 })).toBe('This image cannot be deleted while it is used by 1 dish and 1 part of a page; take it off them first');
    expect(deleteRefusal({ dishes: 0, pageParts: 1 })).toBe('This image cannot be deleted while it is used by 1 part of a page; take it off it first');
    spec([]).when(remove(0, 0)).thenFails('There is no such image in the library', 'not_found');
  });

  it('names an upload by its file name, and reads the image a link names', () => {
    expect([mediaNameOf('Garden Terrace.png'), mediaNameOf('C:\\photos\\snow.flake.JPG'), mediaNameOf('.hidden')]).toEqual(['Garden Terrace', 'snow.flake', '.hidden']);
    expect([mediaIdOfLink(`/uploads/${imageId}-320.webp`), mediaIdOfLink(`/uploads/${imageId}-320.webp?x`), mediaIdOfLink('https://elsewhere.example/a.webp')]).toEqual([imageId, null, null]);
  });
});
