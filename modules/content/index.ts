// Content pages (issue 39): pages made of parts, the in-place editor's routes, every edit an event with its history.
export { CONTENT_EVENT_SCHEMAS, CONTENT_EVENT_TYPES, pageStream, type ContentEvent, type PagePartAdded, type PagePartEdited } from './events';
export { pageDecider, richTextToStore, type ContentCommand } from './decider';
export { evolvePage, initialPageState, type PageState } from './state';
export { partProps } from './parts';
export { PART_SETTINGS, VIDEO_HREF } from './part-settings/schemas';
export { CONTENT_READ_MODEL, createContentPages, type ContentPages } from './pages';
export type { ContentReadModel, DishDescriptions, MenuDishes } from './ports';
export { contentRoutes, IN_PLACE_EDIT_PATHS, IPE_CANCEL_PATH, IPE_SAVE_PATH } from './routes';
export { ABOUT_SLUG, ABOUT_TAGLINE_FIXTURE, aboutTextAsRichText, seedAboutPage } from './seed';
