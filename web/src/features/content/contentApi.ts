import type { ContainerType, ContentPage, ContentPageListed, ContentPart, InPlaceEditAnswer, PartKind, PartVersion } from '../../../../src/shared/content-pages';
import { api } from '../../app/api';

export type { ContainerType, ContentPage, ContentPart, PartKind, PartVersion } from '../../../../src/shared/content-pages';
export type PageSummary = ContentPageListed;
export type IpeAnswer = InPlaceEditAnswer;

/** Staff spec §3's in-place edit payload: what is edited, a page part or a dish's long description. */
export type IpeTarget =
  | { ipe_type: 'product'; product_id: number }
  | { ipe_type: 'pagepart'; container_type: ContainerType; container: string; part_id: string; comp_id: string };

/** The spec's calls are forms: the payload goes as urlencoded fields. */
const form = (fields: Record<string, string | number>) => new URLSearchParams(Object.entries(fields).map(([key, value]) => [key, String(value)]));

const pageTag = (slug: string) => ({ type: 'ContentPage' as const, id: slug });

export const contentApi = api.injectEndpoints({
  endpoints: (build) => ({
    contentPage: build.query<ContentPage, string>({
      query: (slug) => `/api/pages/${encodeURIComponent(slug)}`,
      providesTags: (_page, _error, slug) => [pageTag(slug)],
    }),
    contentPages: build.query<PageSummary[], void>({
      query: () => '/api/pages',
      providesTags: ['ContentPages'],
    }),
    createPage: build.mutation<ContentPage, { slug: string; title: string; description: string }>({
      query: (body) => ({ url: '/api/pages', method: 'POST', body }),
      invalidatesTags: ['ContentPages'],
    }),
    retitlePage: build.mutation<ContentPage, { slug: string; title: string; description: string }>({
      query: ({ slug, ...body }) => ({ url: `/api/pages/${encodeURIComponent(slug)}`, method: 'PATCH', body }),
      invalidatesTags: (_page, _error, { slug }) => [pageTag(slug), 'ContentPages'],
    }),
    publishPage: build.mutation<ContentPage, { slug: string; publish: boolean }>({
      query: ({ slug, publish }) => ({ url: `/api/pages/${encodeURIComponent(slug)}/${publish ? 'publish' : 'unpublish'}`, method: 'POST', body: {} }),
      invalidatesTags: (_page, _error, { slug }) => [pageTag(slug), 'ContentPages'],
    }),
    addPart: build.mutation<ContentPart, { slug: string; kind: PartKind; after?: string }>({
      query: ({ slug, ...body }) => ({ url: `/api/pages/${encodeURIComponent(slug)}/parts`, method: 'POST', body }),
      invalidatesTags: (_part, _error, { slug }) => [pageTag(slug)],
    }),
    removePart: build.mutation<ContentPage, { slug: string; partId: string }>({
      query: ({ slug, partId }) => ({ url: `/api/pages/${encodeURIComponent(slug)}/parts/${encodeURIComponent(partId)}`, method: 'DELETE' }),
      invalidatesTags: (_page, _error, { slug }) => [pageTag(slug)],
    }),
    changePartSettings: build.mutation<ContentPart, { slug: string; partId: string; props: object }>({
      query: ({ slug, partId, props }) => ({ url: `/api/pages/${encodeURIComponent(slug)}/parts/${encodeURIComponent(partId)}/settings`, method: 'POST', body: { props } }),
      invalidatesTags: (_part, _error, { slug }) => [pageTag(slug)],
    }),
    ipeSave: build.mutation<IpeAnswer, { target: IpeTarget; content: string }>({
      query: ({ target, content }) => ({ url: '/api/ipe_save', method: 'POST', body: form({ ...target, content }) }),
    }),
    ipeCancel: build.mutation<IpeAnswer, IpeTarget>({
      query: (target) => ({ url: '/api/ipe_cancel', method: 'POST', body: form(target) }),
    }),
    partHistory: build.query<PartVersion[], { slug: string; partId: string }>({
      query: ({ slug, partId }) => `/api/pages/${encodeURIComponent(slug)}/parts/${encodeURIComponent(partId)}/history`,
      keepUnusedDataFor: 0,
    }),
    restorePart: build.mutation<ContentPart, { slug: string; partId: string; version: number }>({
      query: ({ slug, partId, version }) => ({ url: `/api/pages/${encodeURIComponent(slug)}/parts/${encodeURIComponent(partId)}/restore`, method: 'POST', body: { version } }),
      invalidatesTags: (_part, _error, { slug }) => [pageTag(slug)],
    }),
  }),
});

export const {
  useContentPageQuery,
  useContentPagesQuery,
  useCreatePageMutation,
  useRetitlePageMutation,
  usePublishPageMutation,
  useAddPartMutation,
  useRemovePartMutation,
  useChangePartSettingsMutation,
  useIpeSaveMutation,
  useIpeCancelMutation,
  usePartHistoryQuery,
  useRestorePartMutation,
} = contentApi;
