import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProcessDefinition } from '../../src/process';
import { processReactor } from '../../src/process/reactor';
import { suiteDatabase } from '../support/database';

/** A tab whose opening waits until it would lapse; paying or closing it withdraws the opening. */
const tabWatch: ProcessDefinition<{ status: 'idle' }, { tabId: string }, { type: 'Lapse' }> = {
  kind: 'tabWatch',
  startsOn: ['TabOpened'],
  advancesOn: [],
  withdrawnBy: { eventTypes: ['TabPaid', 'TabClosed'], processIdOf: (event) => (event.data as { tabId: string }).tabId },
  receive: (event) => {
    const { tabId } = event.data as { tabId: string };
    return { processId: tabId, fact: { tabId }, waitUntil: '2026-11-24T18:20:00.000Z' };
  },
  initialState: { status: 'idle' },
  evolve: (state) => state,
  decide: () => ({}),
  send: async () => undefined,
};

let sequence = 0;
function stored(type: string, tabId: string, at: string): StoredEvent {
  sequence += 1;
  return {
    id: randomUUID(), type, data: { tabId }, stream: `tab-${tabId}`, revision: 0n, position: String(sequence).padStart(10, '0') as never,
    metadata: { correlationId: randomUUID(), causationId: randomUUID(), actor: 'system', at }, recordedAt: new Date(at),
  };
}

describe('the process reactor, a batch at a time', () => {
  const { pool } = suiteDatabase();
  const reactor = processReactor(tabWatch);
  const apply = (events: StoredEvent[]) => pool.transaction((tx) => reactor.applyAll!(events, { tx, publish: async () => undefined }));
  const waiting = async (tabId: string) =>
    (await pool.oneFirst(sql.unsafe`select count(*)::int from process_inputs where kind = 'tabWatch' and process_id = ${tabId}`)) as number;

  it('withdraws a waiting input stored earlier with the batch\'s earliest withdrawal, as one event at a time would', async () => {
    const tab = randomUUID();
    await apply([stored('TabOpened', tab, '2026-11-24T18:00:00.000Z')]);
    expect(await waiting(tab)).toBe(1);
    // Paid at 18:10 (before the opening falls due at 18:20), closed at 18:25: the payment withdraws it.
    await apply([stored('TabPaid', tab, '2026-11-24T18:10:00.000Z'), stored('TabClosed', tab, '2026-11-24T18:25:00.000Z')]);
    expect(await waiting(tab)).toBe(0);
  });

  it('withdraws an input added earlier in the same batch, and keeps one added after the withdrawal', async () => {
    const [paid, reopened] = [randomUUID(), randomUUID()];
    await apply([
      stored('TabOpened', paid, '2026-11-24T18:00:00.000Z'),
      stored('TabOpened', reopened, '2026-11-24T18:00:00.000Z'),
      stored('TabPaid', paid, '2026-11-24T18:05:00.000Z'),
      stored('TabPaid', reopened, '2026-11-24T18:05:00.000Z'),
      stored('TabOpened', reopened, '2026-11-24T18:06:00.000Z'),
    ]);
    expect(await waiting(paid)).toBe(0);
    expect(await waiting(reopened)).toBe(1);
  });
});
