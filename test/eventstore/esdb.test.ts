import { createEsdbEventStore } from '../../src/eventstore/esdb';
import { eventStoreContract } from './contract';

const connectionString = process.env.EVENTSTORE_CONNECTION_STRING;

if (connectionString) {
  eventStoreContract('esdb', async () => {
    const store = createEsdbEventStore(connectionString);
    return { store, cleanup: () => store.close() };
  });
} else {
  console.log(
    'EventStoreDB contract suite skipped: set EVENTSTORE_CONNECTION_STRING=esdb://localhost:2113?tls=false to run it',
  );

  describe('EventStoreDB event store without a server', () => {
    it('loads the adapter module', () => {
      expect(typeof createEsdbEventStore).toBe('function');
    });
  });
}
