import { isDeepStrictEqual } from 'node:util';
import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { cleanRichText } from '../../src/rich-text';
import { CONTENT_TEXTS, type ContainerType, type PartKind } from '../../src/shared/content-pages';
import { RICH_TEXT_MAX_CHARS, RICH_TEXT_TEXTS } from '../../src/shared/rich-text-allow-list';
import type { ContentEvent } from './events';
import { evolvePage, initialPageState, sameContainer, type PageState, type PartState } from './state';
import { partProps } from './parts';

type Who = { by: string; now: string };
export type CreatePage = { type: 'CreatePage'; slug: string; title: string; description: string } & Who;
export type RetitlePage = { type: 'RetitlePage'; title: string; description: string } & Who;
export type PublishPage = { type: 'PublishPage' } & Who;
export type UnpublishPage = { type: 'UnpublishPage' } & Who;
/** `after`: the part of the same container it follows (null: first; undefined: last). */
export type AddPagePart = {
  type: 'AddPagePart';
  partId: string;
  kind: PartKind;
  containerType: ContainerType;
  container: string;
  after: string | null | undefined;
  html: string;
  props: Record<string, unknown>;
} & Who;
export type RemovePagePart = { type: 'RemovePagePart'; partId: string } & Who;
/** New rich text for a text part: an edit in place, or a restore of an older version (issue 39). */
export type EditPagePart = { type: 'EditPagePart'; partId: string; html: string } & Who;
/** New settings for a part of any kind but text, checked against its kind's schema (defaults filled in). */
export type ChangePartSettings = { type: 'ChangePartSettings'; partId: string; props: Record<string, unknown> } & Who;
export type ContentCommand = CreatePage | RetitlePage | PublishPage | UnpublishPage | AddPagePart | RemovePagePart | EditPagePart | ChangePartSettings;

type Existing = Exclude<PageState, { status: 'none' }>;

function existing(state: PageState): Existing {
  if (state.status === 'none') throw new DomainError('not_found', CONTENT_TEXTS.noPage);
  return state;
}

function partOf(page: Existing, partId: string): PartState {
  const part = page.parts.find((candidate) => candidate.partId === partId);
  if (!part) throw new DomainError('not_found', CONTENT_TEXTS.noPart);
  return part;
}

/** The one rule of stored rich text: cleaned against the allow-list, and no longer than the limit. */
export function richTextToStore(html: string): string {
  const cleaned = cleanRichText(html);
  if (cleaned.length > RICH_TEXT_MAX_CHARS) throw new DomainError('invalid', RICH_TEXT_TEXTS.tooLong);
  return cleaned;
}

function addPart(command: AddPagePart, page: Existing): ContentEvent[] {
  if (page.parts.some((part) => part.partId === command.partId)) return [];
  const siblings = sameContainer(page.parts, command);
  let position = siblings.length + 1;
  if (command.after === null) position = 1;
  else if (command.after !== undefined) {
    const index = siblings.findIndex((part) => part.partId === command.after);
    if (index < 0) throw new DomainError('not_found', CONTENT_TEXTS.noPart);
    position = index + 2;
  }
  const { partId, kind, containerType, container, by, now } = command;
  return [
    {
      type: 'PagePartAdded',
      data: {
        slug: page.slug,
        partId,
        compId: `${kind}-${partId.slice(0, 8)}`,
        kind,
        containerType,
        container,
        position,
        html: kind === 'text' ? richTextToStore(command.html) : '',
        props: partProps(kind, command.props),
        by,
        at: now,
      },
    },
  ];
}

export function decidePage(command: ContentCommand, state: PageState): ContentEvent[] {
  const who = { by: command.by, at: command.now };
  switch (command.type) {
    case 'CreatePage':
      if (state.status !== 'none') throw new DomainError('conflict', CONTENT_TEXTS.taken);
      return [{ type: 'PageCreated', data: { slug: command.slug, title: command.title, description: command.description, ...who } }];
    case 'RetitlePage': {
      const page = existing(state);
      if (page.title === command.title && page.description === command.description) return [];
      return [{ type: 'PageRetitled', data: { slug: page.slug, title: command.title, description: command.description, ...who } }];
    }
    case 'PublishPage': {
      const page = existing(state);
      return page.status === 'published' ? [] : [{ type: 'PagePublished', data: { slug: page.slug, ...who } }];
    }
    case 'UnpublishPage': {
      const page = existing(state);
      return page.status === 'draft' ? [] : [{ type: 'PageUnpublished', data: { slug: page.slug, ...who } }];
    }
    case 'AddPagePart':
      return addPart(command, existing(state));
    case 'RemovePagePart': {
      const page = existing(state);
      partOf(page, command.partId);
      return [{ type: 'PagePartRemoved', data: { slug: page.slug, partId: command.partId, ...who } }];
    }
    case 'EditPagePart': {
      const page = existing(state);
      const part = partOf(page, command.partId);
      if (part.kind !== 'text') throw new DomainError('invalid', CONTENT_TEXTS.notText);
      const after = richTextToStore(command.html);
      return after === part.html ? [] : [{ type: 'PagePartEdited', data: { slug: page.slug, partId: part.partId, before: part.html, after, ...who } }];
    }
    case 'ChangePartSettings': {
      const page = existing(state);
      const part = partOf(page, command.partId);
      if (part.kind === 'text') throw new DomainError('invalid', CONTENT_TEXTS.textHasNoSettings);
      const after = partProps(part.kind, command.props);
      // Stored as jsonb, the settings come back with their keys in another order: compared as values.
      if (isDeepStrictEqual(after, part.props)) return [];
      return [{ type: 'PagePartSettingsChanged', data: { slug: page.slug, partId: part.partId, before: part.props, after, ...who } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const pageDecider: Decider<ContentCommand, ContentEvent, PageState> = {
  initialState: initialPageState,
  evolve: evolvePage,
  decide: decidePage,
};
