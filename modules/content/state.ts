import type { ContainerType, PartKind } from '../../src/shared/content-pages';
import type { ContentEvent } from './events';

export interface PartState {
  partId: string;
  compId: string;
  kind: PartKind;
  containerType: ContainerType;
  container: string;
  html: string;
  props: Record<string, unknown>;
}

interface Page {
  slug: string;
  title: string;
  description: string;
  /** In order within each container (the list mixes containers; their order within one is what counts). */
  parts: PartState[];
}

export type PageState = { status: 'none' } | ({ status: 'draft' } & Page) | ({ status: 'published' } & Page);

export const initialPageState: PageState = { status: 'none' };

/** The parts of the page's list in the same container as `part`, in order. */
export const sameContainer = (parts: readonly PartState[], part: Pick<PartState, 'containerType' | 'container'>) =>
  parts.filter((other) => other.containerType === part.containerType && other.container === part.container);

export function evolvePage(state: PageState, event: ContentEvent): PageState {
  switch (event.type) {
    case 'PageCreated':
      return { status: 'draft', slug: event.data.slug, title: event.data.title, description: event.data.description, parts: [] };
    case 'PageRetitled':
      return state.status === 'none' ? state : { ...state, title: event.data.title, description: event.data.description };
    case 'PagePublished':
      return state.status === 'none' ? state : { ...state, status: 'published' };
    case 'PageUnpublished':
      return state.status === 'none' ? state : { ...state, status: 'draft' };
    case 'PagePartAdded': {
      if (state.status === 'none') return state;
      const { partId, compId, kind, containerType, container, html, props, position } = event.data;
      const part: PartState = { partId, compId, kind, containerType, container, html, props };
      const before = sameContainer(state.parts, part)[position - 1];
      const at = before === undefined ? state.parts.length : state.parts.indexOf(before);
      return { ...state, parts: [...state.parts.slice(0, at), part, ...state.parts.slice(at)] };
    }
    case 'PagePartRemoved':
      return state.status === 'none' ? state : { ...state, parts: state.parts.filter((part) => part.partId !== event.data.partId) };
    case 'PagePartEdited':
      return state.status === 'none'
        ? state
        : { ...state, parts: state.parts.map((part) => (part.partId === event.data.partId ? { ...part, html: event.data.after } : part)) };
    case 'PagePartSettingsChanged':
      return state.status === 'none'
        ? state
        : { ...state, parts: state.parts.map((part) => (part.partId === event.data.partId ? { ...part, props: event.data.after } : part)) };
    default: {
      const never: never = event;
      return never;
    }
  }
}
