import { randomUUID } from 'node:crypto';
import { Empty, StreamIdentifier, UUID } from '@eventstore/db-client/generated/shared_pb';
import { ReadResp } from '@eventstore/db-client/generated/streams_pb';
import type { Expected, LogRecord, ProposedRecord } from './log';

/**
 * The fake EventStoreDB's translation between the protocol's messages (the classes `@eventstore/db-client`
 * generated from the server's .proto files) and its log's records.
 */

interface ProposedMessage {
  getId(): UUID | undefined;
  getMetadataMap(): { get(key: string): string | undefined };
  getData_asU8(): Uint8Array;
  getCustomMetadata_asU8(): Uint8Array;
}

export function streamNameOf(identifier: StreamIdentifier | undefined): string {
  return Buffer.from(identifier?.getStreamName_asU8() ?? new Uint8Array()).toString('utf8');
}

export function streamIdentifier(name: string): StreamIdentifier {
  return new StreamIdentifier().setStreamName(Uint8Array.from(Buffer.from(name, 'utf8')));
}

/** A UUID as the client sends it: a string, or two 64-bit halves when asked for the structured form. */
export function uuidText(uuid: UUID | undefined): string {
  if (!uuid) return randomUUID();
  if (!uuid.hasStructured()) return uuid.getString();
  const structured = uuid.getStructured()!;
  const bytes = Buffer.alloc(16);
  bytes.writeBigUInt64BE(BigInt.asUintN(64, BigInt(structured.getMostSignificantBits())), 0);
  bytes.writeBigUInt64BE(BigInt.asUintN(64, BigInt(structured.getLeastSignificantBits())), 8);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function uuidMessage(text: string): UUID {
  return new UUID().setString(text);
}

export function proposedRecord(message: ProposedMessage): ProposedRecord {
  const metadata = message.getMetadataMap();
  return {
    id: uuidText(message.getId()),
    type: metadata.get('type') ?? '',
    contentType: metadata.get('content-type') ?? 'application/octet-stream',
    data: message.getData_asU8(),
    customMetadata: message.getCustomMetadata_asU8(),
  };
}

/** The expected revision of an append, from the oneof case the options carry (both Append and BatchAppend number them so). */
export function expectedOf(options: { hasNoStream(): boolean; hasAny(): boolean; hasStreamExists(): boolean }, revision: () => string): Expected {
  if (options.hasNoStream()) return { kind: 'no_stream' };
  if (options.hasAny()) return { kind: 'any' };
  if (options.hasStreamExists()) return { kind: 'stream_exists' };
  return { kind: 'revision', revision: BigInt(revision()) };
}

/** A record as the server reads it out: its metadata map, position and `created` ticks, and the commit position beside it. */
export function readEvent(record: LogRecord): ReadResp {
  const recorded = new ReadResp.ReadEvent.RecordedEvent()
    .setId(uuidMessage(record.id))
    .setStreamIdentifier(streamIdentifier(record.stream))
    .setStreamRevision(record.revision.toString())
    .setPreparePosition(record.position.toString())
    .setCommitPosition(record.position.toString())
    .setData(record.data)
    .setCustomMetadata(record.customMetadata);
  recorded
    .getMetadataMap()
    .set('type', record.type)
    .set('content-type', record.contentType)
    .set('created', record.createdTicks.toString());
  const event = new ReadResp.ReadEvent().setEvent(recorded).setCommitPosition(record.position.toString());
  return new ReadResp().setEvent(event);
}

export function streamNotFound(stream: string): ReadResp {
  return new ReadResp().setStreamNotFound(new ReadResp.StreamNotFound().setStreamIdentifier(streamIdentifier(stream)));
}

export function confirmation(): ReadResp {
  return new ReadResp().setConfirmation(new ReadResp.SubscriptionConfirmation().setSubscriptionId(randomUUID()));
}

export function checkpoint(position: bigint): ReadResp {
  return new ReadResp().setCheckpoint(new ReadResp.Checkpoint().setCommitPosition(position.toString()).setPreparePosition(position.toString()));
}

export function caughtUp(): ReadResp {
  return new ReadResp().setCaughtUp(new ReadResp.CaughtUp());
}

export const empty = () => new Empty();
