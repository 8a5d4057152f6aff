import type { Config } from '../config';
import { systemClock, type Clock } from '../core/clock';
import type { DatabasePool } from '../db/pool';
import { createPostgresEventStore } from '../eventstore/postgres';
import type { EventStore } from '../eventstore/types';
import { versionedEventStore, type EventVersioning } from '../eventstore/versioned-store';
import { PersonalData, personalDataMasterKey, sealedEnvelope, sealingEventStore, type PersonalDataDeclarations } from '../personal-data';
import { PROCESS_EVENT_SCHEMAS } from '../process';
import { API_ACCESS_EVENT_SCHEMAS } from '../../modules/api-access';
import { ACCOUNT_EVENT_SCHEMAS, ACCOUNT_PERSONAL_DATA } from '../../modules/account';
import { CART_EVENT_SCHEMAS, CART_PERSONAL_DATA } from '../../modules/cart';
import { CATALOG_EVENT_SCHEMAS, CATALOG_UPCASTERS } from '../../modules/catalog';
import { CAPACITY_EVENT_SCHEMAS } from '../../modules/capacity';
import { CONTACT_EVENT_SCHEMAS, CONTACT_PERSONAL_DATA } from '../../modules/contact';
import { CONTENT_EVENT_SCHEMAS } from '../../modules/content';
import { MEDIA_EVENT_SCHEMAS } from '../../modules/media';
import { ORDER_EVENT_SCHEMAS, ORDER_PERSONAL_DATA, ORDER_UPCASTERS } from '../../modules/order';
import { PAYMENT_EVENT_SCHEMAS, PAYMENT_UPCASTERS } from '../../modules/payment';
import { PRIVACY_EVENT_SCHEMAS } from '../../modules/privacy';
import { STOCK_EVENT_SCHEMAS } from '../../modules/stock';
import { STORE_EVENT_SCHEMAS, STORE_UPCASTERS } from '../../modules/store';
import { VOUCHER_EVENT_SCHEMAS } from '../../modules/voucher';

/** The personal-data door, with the configured master key (or the one generated into DATA_DIR). */
export function openPersonalData(config: Config, pool: DatabasePool, clock: Clock = systemClock): PersonalData {
  return new PersonalData({ pool, masterKey: personalDataMasterKey(config.PERSONAL_DATA_MASTER_KEY, config.dataDir), now: () => clock().getTime() });
}

/** Every module's event schemas and upcasters: the event versioning the store port applies to reads and appends. */
export function shopEventVersioning(): EventVersioning {
  const schemas = { ...CART_EVENT_SCHEMAS, ...CATALOG_EVENT_SCHEMAS, ...ORDER_EVENT_SCHEMAS, ...STOCK_EVENT_SCHEMAS, ...STORE_EVENT_SCHEMAS, ...PROCESS_EVENT_SCHEMAS, ...ACCOUNT_EVENT_SCHEMAS, ...PRIVACY_EVENT_SCHEMAS, ...PAYMENT_EVENT_SCHEMAS, ...VOUCHER_EVENT_SCHEMAS, ...CONTACT_EVENT_SCHEMAS, ...CAPACITY_EVENT_SCHEMAS, ...CONTENT_EVENT_SCHEMAS, ...MEDIA_EVENT_SCHEMAS, ...API_ACCESS_EVENT_SCHEMAS };
  return { schemas: new Map(Object.entries(schemas)), upcasters: { ...STORE_UPCASTERS, ...ORDER_UPCASTERS, ...CATALOG_UPCASTERS, ...PAYMENT_UPCASTERS } };
}

/** The configured adapter, behind the shop's event versioning; appends are checked against the schemas outside production. */
export async function openEventStore(
  config: Config,
  databaseUrl: string,
  personalData: PersonalData,
  options: { pollIntervalMs?: number; maxConnections?: number } = {},
): Promise<EventStore> {
  const adapter = await openEventStoreAdapter(config, databaseUrl, options);
  const sealed = sealingEventStore(adapter, personalData, shopPersonalData());
  return versionedEventStore(sealed, shopEventVersioning(), { validate: config.NODE_ENV !== 'production' });
}

/**
 * The configured adapter alone, beneath the sealing and the versioning: events exactly as stored (personal fields
 * sealed, old shapes not upcast). Only the export and import tools use it.
 */
export async function openEventStoreAdapter(
  config: Config,
  databaseUrl: string,
  options: { pollIntervalMs?: number; maxConnections?: number } = {},
): Promise<EventStore> {
  return config.EVENT_STORE === 'esdb'
    ? (await import('../eventstore/esdb')).createEsdbEventStore(config.EVENTSTORE_CONNECTION_STRING!)
    : createPostgresEventStore({ url: databaseUrl, ...options });
}

/** For an import: records the keys of every sealed envelope the events bring as withheld (they come without keys). */
export async function withholdImportedKeys(personalData: PersonalData, events: AsyncIterable<{ type: string; data: unknown }>): Promise<number> {
  const declarations = shopPersonalData();
  const envelopes = new Set<string>();
  for await (const event of events) {
    const envelope = sealedEnvelope(declarations, event);
    if (envelope !== null) envelopes.add(envelope);
  }
  return personalData.withholdMissingKeys(envelopes);
}

/** Every module's personal fields of its events: what the store seals (issue 15, docs/personal-data.md). */
export function shopPersonalData(): PersonalDataDeclarations {
  return { ...ORDER_PERSONAL_DATA, ...CART_PERSONAL_DATA, ...ACCOUNT_PERSONAL_DATA, ...CONTACT_PERSONAL_DATA };
}
