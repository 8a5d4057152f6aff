import type { MediaImage } from '../../../../src/shared/media';
import { api } from '../../app/api';

export type { MediaImage };

/** The media library (issue 39 item 4): `GET /api/media`, alt text and delete; uploads go through `uploadToLibrary`. */
export const mediaApi = api.injectEndpoints({
  endpoints: (build) => ({
    mediaImages: build.query<MediaImage[], string>({
      query: (search) => (search ? `/api/media?search=${encodeURIComponent(search)}` : '/api/media'),
      providesTags: ['Media'],
    }),
    changeAlt: build.mutation<MediaImage, { id: string; alt: string }>({
      query: ({ id, alt }) => ({ url: `/api/media/${id}`, method: 'PATCH', body: { alt } }),
      invalidatesTags: ['Media'],
    }),
    deleteImage: build.mutation<{ status: true; message: string }, string>({
      query: (id) => ({ url: `/api/media/${id}`, method: 'DELETE' }),
      invalidatesTags: ['Media'],
    }),
  }),
});

export const { useMediaImagesQuery, useChangeAltMutation, useDeleteImageMutation } = mediaApi;

/**
 * Uploads a file to the library (`POST /api/media`, multipart: the file and its size, as the staff spec's
 * editor sends them). Rejects with the server's plain reason, or a sentence of ours when none came.
 */
export async function uploadToLibrary(file: File): Promise<MediaImage> {
  const form = new FormData();
  form.append('size', String(file.size));
  form.append('file', file);
  let response: Response;
  try {
    response = await fetch('/api/media', { method: 'POST', body: form, credentials: 'same-origin', headers: { 'X-Requested-With': 'fetch' } });
  } catch {
    throw new Error('The shop could not be reached; check your connection');
  }
  const answer = (await response.json().catch(() => ({}))) as Partial<MediaImage> & { status?: boolean; message?: string };
  if (!response.ok || typeof answer.id !== 'string') throw new Error(answer.message || 'The image could not be uploaded; please try again');
  return answer as MediaImage;
}
