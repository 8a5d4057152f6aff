import type { sendUnaryData, ServerUnaryCall } from '@grpc/grpc-js';
import type { Empty } from '@eventstore/db-client/generated/shared_pb';
import { SupportedMethod, SupportedMethods } from '@eventstore/db-client/generated/serverfeatures_pb';
import { unavailable } from './errors';
import type { Faults } from './faults';

/** The version the fake answers the probe with: one whose reads carry positions and which offers BatchAppend. */
export const FAKE_SERVER_VERSION = '23.10.0';

/**
 * The server-features probe the client makes before its first append: the methods the fake serves, so the client
 * picks BatchAppend as it would against a real 23.10 node (or Append alone, as against an older one, when
 * `batchAppend` is off).
 */
export function featuresHandler(faults: Faults, options: { batchAppend: boolean }) {
  const methods: Array<[service: string, method: string, features: string[]]> = [
    ['event_store.client.streams.Streams', 'Read', ['position', 'events']],
    ['event_store.client.streams.Streams', 'Append', []],
    ...(options.batchAppend ? [['event_store.client.streams.Streams', 'BatchAppend', []] as [string, string, string[]]] : []),
    ['event_store.client.server_features.ServerFeatures', 'GetSupportedMethods', []],
  ];
  return (_call: ServerUnaryCall<Empty, SupportedMethods>, callback: sendUnaryData<SupportedMethods>): void => {
    if (faults.refusing) return callback(unavailable());
    const answer = new SupportedMethods().setEventStoreServerVersion(FAKE_SERVER_VERSION);
    for (const [service, method, features] of methods) {
      answer.addMethods(new SupportedMethod().setServiceName(service).setMethodName(method).setFeaturesList(features));
    }
    callback(null, answer);
  };
}
