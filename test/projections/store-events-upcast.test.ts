import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import { settingsProjection } from '../../projections/settings/projection';
import { settingsDecider } from '../../modules/store/settings-decider';
import { ORIGIN, type NewEvent } from '../../src/eventstore/types';
import { EventNotValid, versionedEventStore } from '../../src/eventstore/versioned-store';
import { applyBatch } from '../../src/projections/runner';
import { shopEventVersioning } from '../../src/server';
import { versionedShops, type VersionedShop } from '../support/versioned-shops';

const at = (minute: number) => `2026-11-20T18:${String(minute).padStart(2, '0')}:00.000Z`;
const event = (minute: number, type: string, data: unknown): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { actor: 'system', at: at(minute), correlationId: 'c', causationId: 'c' },
});
const setting = (minute: number, key: string, value: unknown) => event(minute, 'SettingChanged', { key, value });

/** The same evening's settings, as a store written before this change recorded it ... */
const writtenBefore = [
  setting(1, 'order_status', 'busy'),
  setting(2, 'delivering_status', false),
  setting(3, 'site_name', 'Spice Garden'),
  setting(4, 'order_status', 'closed'),
  setting(5, 'busy_delivery_minutes', 45),
  setting(6, 'order_status', 'open'),
  setting(7, 'delivering_status', true),
];
/** ... and as the store module records it today. */
const writtenToday = [
  event(1, 'StoreStatusChanged', { status: 'busy' }),
  event(2, 'DeliveryToggled', { delivering: false }),
  setting(3, 'site_name', 'Spice Garden'),
  event(4, 'StoreStatusChanged', { status: 'closed' }),
  setting(5, 'busy_delivery_minutes', 45),
  event(6, 'StoreStatusChanged', { status: 'open' }),
  event(7, 'DeliveryToggled', { delivering: true }),
];

/** The settings read model and the live messages it sent, rebuilt from the start through the versioned store. */
async function replay(shop: VersionedShop) {
  await shop.pool.query(sql.unsafe`insert into projection_checkpoints (name, position) values ('settings', ${ORIGIN})`);
  await applyBatch(shop.pool, settingsProjection, await shop.store.readAll({ after: ORIGIN, limit: 100 }), ORIGIN);
  return {
    rows: await shop.pool.any(sql.unsafe`select key, value, changed_at from settings order by key`),
    messages: await shop.pool.any(sql.unsafe`select channel, event, data from live_messages order by id`),
    folded: (await shop.store.read('settings-main')).events.reduce(
      (state, stored) => settingsDecider.evolve(state, stored as never),
      settingsDecider.initialState,
    ),
  };
}

describe('store status and delivery as their own events', () => {
  const shops = versionedShops();
  const shop = () => shops.open();

  it('a store written with SettingChanged for them replays to the same read model, messages and fold as one written today', async () => {
    const before = await shop();
    await before.raw.append('settings-main', writtenBefore, { expectedRevision: 'no_stream' });
    const today = await shop();
    await today.store.append('settings-main', writtenToday, { expectedRevision: 'no_stream' });

    const [old, current] = [await replay(before), await replay(today)];
    expect(old).toEqual(current);
    expect(current.folded.values).toEqual({ order_status: 'open', delivering_status: true, site_name: 'Spice Garden', busy_delivery_minutes: 45 });
    // A shop starts closed (issue 14), so its first status, busy, is an opening.
    expect(current.messages.map((message) => (message as { event: string }).event)).toEqual([
      'StoreStatusChange',
      'StoreOpened',
      'DeliveringStatusChange',
      'StoreStatusChange',
      'StoreStatusChange',
      'StoreOpened',
      'DeliveringStatusChange',
    ]);
    // The old store keeps its events as they were written: only reading turns them into today's.
    expect((await before.raw.read('settings-main')).events.map((stored) => stored.type)).toEqual(Array(7).fill('SettingChanged'));
  });

  it('parses every appended event against its schema: a wrong shape or an unknown type is refused and not stored', async () => {
    const checked = await shop();
    await expect(checked.store.append('settings-main', [event(1, 'StoreStatusChanged', { status: 'very busy' })], { expectedRevision: 'any' })).rejects.toThrow(EventNotValid);
    await expect(checked.store.append('settings-main', [event(1, 'SettingsChanged', { key: 'site_name', value: 'x' })], { expectedRevision: 'any' })).rejects.toThrow(
      'No schema for event type SettingsChanged',
    );
    expect((await checked.raw.read('settings-main')).revision).toBe('no_stream');
    // In production events are not parsed on append (the deciders made them; the cost is saved).
    const production = versionedEventStore(checked.raw, shopEventVersioning(), { validate: false });
    await production.append('settings-main', [event(1, 'StoreStatusChanged', { status: 'very busy' })], { expectedRevision: 'any' });
    expect((await checked.raw.read('settings-main')).events).toHaveLength(1);
  });
});
