import { Server, ServerCredentials } from '@grpc/grpc-js';
import { ServerFeaturesService } from '@eventstore/db-client/generated/serverfeatures_grpc_pb';
import { StreamsService } from '@eventstore/db-client/generated/streams_grpc_pb';
import { appendHandler, batchAppendHandler } from './appends';
import { featuresHandler } from './features';
import { Faults, type Drop } from './faults';
import { FakeLog, type LogRecord } from './log';
import { readHandler } from './reads';

/**
 * A local stand-in for an EventStoreDB node (issue 43), for tests: it speaks the gRPC protocol of the real server,
 * served with @grpc/grpc-js from the service definitions `@eventstore/db-client` generated from the server's .proto
 * files, for exactly the calls the shop's adapter (src/eventstore/esdb.ts) makes: Streams.Read (a stream or `$all`,
 * forwards or backwards, and the filtered catch-up subscription to `$all`), Streams.Append and Streams.BatchAppend
 * with expected revisions, and the server-features probe. The real client talks to it over HTTP/2, so the adapter's
 * use of the client and of the protocol runs in every test run. It keeps events in memory only, is one node (no
 * cluster, no gossip, no TLS, no users) and is never for production. What it proves and what it cannot:
 * docs/architecture.md ("EventStoreDB: the adapter against the protocol").
 */
export interface FakeEsdb {
  /** `esdb://127.0.0.1:<port>?tls=false`, for EVENTSTORE_CONNECTION_STRING. */
  connectionString: string;
  /** Every record of `$all` in order, the server's own first. */
  records(): readonly LogRecord[];
  /** From now on every call is refused as UNAVAILABLE, and open subscriptions and append calls end so (or, with false, it answers again). */
  refuse(on: boolean): void;
  /** From now on every answer waits `ms` first (0: at once). */
  slow(ms: number): void;
  /** Each open subscription: whether it has caught up (sent every event there was) and now sends live ones. */
  subscriptions(): Array<{ caughtUp: boolean }>;
  /** Ends every open subscription from the server's side; answers how many. */
  dropSubscriptions(how?: Drop): number;
  /** Answers every read and append of the stream (or of `$all`) access denied. */
  deny(stream: string): void;
  /** Deletes a stream for good: reads and appends answer stream deleted. */
  tombstone(stream: string): void;
  close(): Promise<void>;
}

export async function startFakeEsdb(options: { port?: number; batchAppend?: boolean; now?: () => number } = {}): Promise<FakeEsdb> {
  const log = new FakeLog(options.now);
  const faults = new Faults();
  const server = new Server();
  server.addService(StreamsService, {
    read: readHandler(log, faults),
    append: appendHandler(log, faults),
    batchAppend: batchAppendHandler(log, faults),
  });
  server.addService(ServerFeaturesService, { getSupportedMethods: featuresHandler(faults, { batchAppend: options.batchAppend ?? true }) });
  const port = await new Promise<number>((resolve, reject) =>
    server.bindAsync(`127.0.0.1:${options.port ?? 0}`, ServerCredentials.createInsecure(), (error, bound) => (error ? reject(error) : resolve(bound))),
  );
  return {
    connectionString: `esdb://127.0.0.1:${port}?tls=false`,
    records: () => log.all,
    refuse(on) {
      faults.refusing = on;
      if (on) faults.drop('unavailable');
    },
    slow: (ms) => void (faults.delayMs = ms),
    subscriptions: () => faults.openCalls('subscription').map((call) => ({ caughtUp: call.caughtUp === true })),
    dropSubscriptions: (how = 'unavailable') => faults.drop(how, 'subscription'),
    deny: (stream) => void faults.denied.add(stream),
    tombstone: (stream) => log.tombstone(stream),
    close: async () => {
      faults.drop('unavailable');
      server.forceShutdown();
    },
  };
}
