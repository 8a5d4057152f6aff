import { Metadata, status, type ServiceError } from '@grpc/grpc-js';

/**
 * The failures the fake EventStoreDB answers as the real server does: a gRPC status whose trailing metadata names
 * the exception (`exception: stream-deleted` ...), which the client turns into its own error classes.
 */

function failure(code: status, details: string, fields: Record<string, string> = {}): ServiceError {
  const metadata = new Metadata();
  for (const [key, value] of Object.entries(fields)) metadata.set(key, value);
  return Object.assign(new Error(`${code} ${details}`), { code, details, metadata });
}

export const streamDeleted = (stream: string) =>
  failure(status.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, { exception: 'stream-deleted', 'stream-name': stream });

export const accessDenied = () => failure(status.PERMISSION_DENIED, 'Access denied.', { exception: 'access-denied' });

export const unavailable = () => failure(status.UNAVAILABLE, 'Server Is Not Ready');

/** A call the server cancels from its side (the client's CancelledError), as a node shutting a call down does. */
export const cancelled = () => failure(status.CANCELLED, 'Call cancelled by the server');

export const notImplemented = (what: string) => failure(status.UNIMPLEMENTED, `${what} is not implemented by the fake EventStoreDB`);
