import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import { parseKitchenPostcode } from '../../src/shared/postcode';
import { DELIVERY_KEY, STORE_STATUS_KEY, type StoreEvent } from './events';
import { parseSetting, SETTINGS, SettingInvalid, type SettingKey } from './settings';
import type { StoreStatus } from '../../src/shared/store-status';
import { nextClosingAt, openingHoursOf } from './opening-hours';
import { londonDate } from '../../src/shared/london-time';
import type { SpecialDay, Week } from '../../src/shared/opening-week';

/** `openUntil`: the closing time the store's current opening lasts until (null while closed, or opened before issue 14). */
export type SettingsState = { values: Record<string, unknown>; openUntil?: string | null };
export type SettingsCommand =
  /** `now` (the command's instant) dates an opening's closing time. */
  | { type: 'ChangeSettings'; changes: Partial<Record<SettingKey, unknown>>; now: string }
  /** The storeHours process at `closesAt`: closes the opening that lasts until then, and nothing else. */
  | { type: 'CloseAtClosingTime'; closesAt: string }
  /** At start: a store opened before openings had a closing time gets the next one, so it closes then. */
  | { type: 'DateOpening'; now: string };

/** The event that records one changed setting: the store's status and the delivery toggle have their own. */
function changed(key: SettingKey, value: unknown): StoreEvent {
  if (key === STORE_STATUS_KEY) return { type: 'StoreStatusChanged', data: { status: value as StoreStatus } };
  if (key === DELIVERY_KEY) return { type: 'DeliveryToggled', data: { delivering: value as boolean } };
  return { type: 'SettingChanged', data: { key, value } };
}

export function evolveSettings(state: SettingsState, event: StoreEvent): SettingsState {
  switch (event.type) {
    case 'SettingChanged':
      return { ...state, values: { ...state.values, [event.data.key]: event.data.value } };
    case 'StoreStatusChanged':
      return { values: { ...state.values, [STORE_STATUS_KEY]: event.data.status }, openUntil: event.data.closesAt ?? null };
    case 'DeliveryToggled':
      return { ...state, values: { ...state.values, [DELIVERY_KEY]: event.data.delivering } };
    default: {
      const never: never = event;
      return never;
    }
  }
}

const valueOf = (state: SettingsState, key: SettingKey): unknown => (key in state.values ? state.values[key] : SETTINGS[key].default);

/** Records each changed setting as its own event; unchanged values record nothing. */
export const settingsDecider: Decider<SettingsCommand, StoreEvent, SettingsState> = {
  initialState: { values: {} },
  evolve: evolveSettings,
  decide(command, state) {
    switch (command.type) {
      case 'ChangeSettings':
        return changeSettings(command, state);
      case 'CloseAtClosingTime':
        return closeAtClosingTime(command, state);
      case 'DateOpening':
        return dateOpening(command, state);
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

function dateOpening(command: Extract<SettingsCommand, { type: 'DateOpening' }>, state: SettingsState): StoreEvent[] {
  const status = valueOf(state, STORE_STATUS_KEY) as StoreStatus;
  if (status === 'closed' || state.openUntil) return [];
  return [withClosingTime({ type: 'StoreStatusChanged', data: { status } }, {}, state, command.now)];
}

/**
 * Closes the store at the closing time its opening lasts until. Staff who closed meanwhile, or reopened after
 * closing time (for the next closing time), are left as they are; a repeat changes nothing.
 */
function closeAtClosingTime(command: Extract<SettingsCommand, { type: 'CloseAtClosingTime' }>, state: SettingsState): StoreEvent[] {
  if (valueOf(state, STORE_STATUS_KEY) === 'closed' || state.openUntil !== command.closesAt) return [];
  return [{ type: 'StoreStatusChanged', data: { status: 'closed' } }];
}

function changeSettings(command: Extract<SettingsCommand, { type: 'ChangeSettings' }>, state: SettingsState): StoreEvent[] {
  const events: StoreEvent[] = [];
  const parsed: Partial<Record<SettingKey, unknown>> = {};
  for (const [key, raw] of Object.entries(command.changes) as Array<[SettingKey, unknown]>) {
    let value: unknown;
    try {
      value = parseSetting(key, raw);
    } catch (error) {
      if (error instanceof SettingInvalid) throw new DomainError('invalid', error.message);
      throw error;
    }
    if (key === 'kitchen_postcode') {
      const postcode = parseKitchenPostcode(String(value));
      if (!postcode) throw new DomainError('invalid', 'kitchen_postcode: Not a valid postcode');
      value = postcode;
    }
    parsed[key] = value;
    if (JSON.stringify(state.values[key]) !== JSON.stringify(value)) events.push(changed(key, value));
  }
  assertTogether(parsed, state, command.now);
  return events.map((event) => (event.type === 'StoreStatusChanged' ? withClosingTime(event, parsed, state, command.now) : event));
}

/**
 * An opening (open, busy or slammed) lasts until a closing time: the one it already lasts until when the store
 * was open, else the next one after `now` on the hours this change leaves, whether or not `now` is within
 * them (staff may open outside the hours on purpose).
 */
function withClosingTime(event: Extract<StoreEvent, { type: 'StoreStatusChanged' }>, changes: Partial<Record<SettingKey, unknown>>, state: SettingsState, now: string): StoreEvent {
  if (event.data.status === 'closed') return event;
  const after = (key: SettingKey) => (key in changes ? changes[key] : valueOf(state, key));
  const wasOpen = valueOf(state, STORE_STATUS_KEY) !== 'closed' && state.openUntil;
  if (wasOpen) return { type: 'StoreStatusChanged', data: { status: event.data.status, closesAt: state.openUntil! } };
  const hours = openingHoursOf({
    open_time: String(after('open_time')),
    close_time: String(after('close_time')),
    opening_week: after('opening_week') as Week | null,
    special_days: after('special_days') as SpecialDay[],
  });
  // A week without a single shift has no closing time: the store stays open until staff close it.
  const closesAt = nextClosingAt(new Date(now), hours)?.toISOString();
  return { type: 'StoreStatusChanged', data: { status: event.data.status, ...(closesAt ? { closesAt } : {}) } };
}

/** Staff spec §5: the rules that tie settings together, checked on the values the change would leave. */
function assertTogether(changes: Partial<Record<SettingKey, unknown>>, state: SettingsState, now: string): void {
  const after = (key: SettingKey): unknown => (key in changes ? changes[key] : key in state.values ? state.values[key] : SETTINGS[key].default);
  const touches = (...keys: SettingKey[]) => keys.some((key) => key in changes);
  if (touches('open_time', 'close_time') && String(after('open_time')) > String(after('close_time'))) {
    throw new DomainError('invalid', 'open_time: Open times do not work together');
  }
  if (touches('special_days')) {
    // A day already listed may stay after it has passed; a new one must be today or later.
    const listed = new Set((valueOf(state, 'special_days') as SpecialDay[]).map((day) => day.date));
    const past = (changes.special_days as SpecialDay[]).find((day) => !listed.has(day.date) && day.date < londonDate(new Date(now)));
    if (past) throw new DomainError('invalid', `special_days: ${past.date} is in the past`);
  }
  const discounting = after('offer_takeaway_collect_discount') === true;
  if (touches('offer_takeaway_collect_discount', 'takeaway_collect_discount_amount_or_percent') && discounting && Number(after('takeaway_collect_discount_amount_or_percent')) <= 0) {
    throw new DomainError('invalid', 'takeaway_collect_discount_amount_or_percent: the discount amount must be above 0 while the discount is on');
  }
}
