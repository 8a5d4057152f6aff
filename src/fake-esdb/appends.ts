import type { sendUnaryData, ServerDuplexStream, ServerReadableStream } from '@grpc/grpc-js';
import { Any } from 'google-protobuf/google/protobuf/any_pb';
import { Empty } from 'google-protobuf/google/protobuf/empty_pb';
import { Code } from '@eventstore/db-client/generated/code_pb';
import { AccessDenied, AllStreamPosition, Empty as SharedEmpty, StreamDeleted, WrongExpectedVersion } from '@eventstore/db-client/generated/shared_pb';
import { Status } from '@eventstore/db-client/generated/status_pb';
import { AppendReq, AppendResp, BatchAppendReq, BatchAppendResp } from '@eventstore/db-client/generated/streams_pb';
import { accessDenied, notImplemented, streamDeleted, unavailable } from './errors';
import { dropError, type Faults } from './faults';
import type { AppendOutcome, Expected, FakeLog, ProposedRecord } from './log';
import { expectedOf, proposedRecord, streamIdentifier, streamNameOf, uuidMessage, uuidText } from './messages';

/**
 * The fake EventStoreDB's two ways to append: Streams.Append (one call per write, what older servers offer and the
 * client uses when a write carries its own credentials) and Streams.BatchAppend (one long call carrying many writes
 * by correlation id, what the client uses once the server-features probe lists it).
 */

function attempt(log: FakeLog, faults: Faults, stream: string, records: ProposedRecord[], expected: Expected): AppendOutcome | 'denied' {
  return faults.denied.has(stream) ? 'denied' : log.append(stream, records, expected);
}

export function appendHandler(log: FakeLog, faults: Faults) {
  return (call: ServerReadableStream<AppendReq, AppendResp>, callback: sendUnaryData<AppendResp>): void => {
    let options: AppendReq.Options | undefined;
    const records: ProposedRecord[] = [];
    call.on('data', (request: AppendReq) => {
      if (request.hasOptions()) options = request.getOptions();
      else if (request.hasProposedMessage()) records.push(proposedRecord(request.getProposedMessage()!));
    });
    call.on('end', async () => {
      await faults.pause();
      if (faults.refusing) return callback(unavailable());
      if (!options) return callback(notImplemented('An append without options'));
      const header = options;
      const stream = streamNameOf(header.getStreamIdentifier());
      const expected = expectedOf(header, () => header.getRevision());
      const outcome = attempt(log, faults, stream, records, expected);
      if (outcome === 'denied') return callback(accessDenied());
      if (outcome.kind === 'stream_deleted') return callback(streamDeleted(stream));
      const response = new AppendResp();
      if (outcome.kind === 'success') {
        const success = new AppendResp.Success().setPosition(
          new AppendResp.Position().setCommitPosition(outcome.position.toString()).setPreparePosition(outcome.position.toString()),
        );
        if (outcome.currentRevision < 0n) success.setNoStream(new SharedEmpty());
        else success.setCurrentRevision(outcome.currentRevision.toString());
        return callback(null, response.setSuccess(success));
      }
      const conflict = new AppendResp.WrongExpectedVersion();
      if (outcome.currentRevision === 'no_stream') conflict.setCurrentNoStream(new SharedEmpty());
      else conflict.setCurrentRevision(outcome.currentRevision.toString());
      if (expected.kind === 'revision') conflict.setExpectedRevision(expected.revision.toString());
      else if (expected.kind === 'no_stream') conflict.setExpectedNoStream(new SharedEmpty());
      else if (expected.kind === 'stream_exists') conflict.setExpectedStreamExists(new SharedEmpty());
      else conflict.setExpectedAny(new SharedEmpty());
      callback(null, response.setWrongExpectedVersion(conflict));
    });
  };
}

/** A failed write of a batch: a google.rpc.Status whose details name the server's error, as the real server packs it. */
function failedWrite(code: Code, message: string, details: { serializeBinary(): Uint8Array }, typeName: string): Status {
  const packed = new Any();
  packed.pack(details.serializeBinary(), `event_store.client.${typeName}`);
  return new Status().setCode(code).setMessage(message).setDetails(packed);
}

function batchAnswer(stream: string, expected: Expected, outcome: AppendOutcome | 'denied'): BatchAppendResp {
  const response = new BatchAppendResp().setStreamIdentifier(streamIdentifier(stream));
  if (expected.kind === 'revision') response.setStreamPosition(expected.revision.toString());
  else if (expected.kind === 'no_stream') response.setNoStream(new Empty());
  else if (expected.kind === 'stream_exists') response.setStreamExists(new Empty());
  else response.setAny(new Empty());
  if (outcome === 'denied') return response.setError(failedWrite(Code.PERMISSION_DENIED, 'Access denied.', new AccessDenied(), 'AccessDenied'));
  if (outcome.kind === 'stream_deleted') {
    return response.setError(failedWrite(Code.FAILED_PRECONDITION, `Event stream '${stream}' is deleted.`, new StreamDeleted().setStreamIdentifier(streamIdentifier(stream)), 'StreamDeleted'));
  }
  if (outcome.kind === 'wrong_expected_version') {
    const conflict = new WrongExpectedVersion();
    if (outcome.currentRevision === 'no_stream') conflict.setCurrentNoStream(new Empty());
    else conflict.setCurrentStreamRevision(outcome.currentRevision.toString());
    if (expected.kind === 'revision') conflict.setExpectedStreamPosition(expected.revision.toString());
    else if (expected.kind === 'no_stream') conflict.setExpectedNoStream(new Empty());
    else if (expected.kind === 'stream_exists') conflict.setExpectedStreamExists(new Empty());
    else conflict.setExpectedAny(new Empty());
    return response.setError(failedWrite(Code.FAILED_PRECONDITION, 'Append failed due to WrongExpectedVersion.', conflict, 'WrongExpectedVersion'));
  }
  const success = new BatchAppendResp.Success().setPosition(
    new AllStreamPosition().setCommitPosition(outcome.position.toString()).setPreparePosition(outcome.position.toString()),
  );
  if (outcome.currentRevision < 0n) success.setNoStream(new Empty());
  else success.setCurrentRevision(outcome.currentRevision.toString());
  return response.setSuccess(success);
}

export function batchAppendHandler(log: FakeLog, faults: Faults) {
  return (call: ServerDuplexStream<BatchAppendReq, BatchAppendResp>): void => {
    if (faults.refusing) return void call.emit('error', unavailable());
    const pending = new Map<string, { options?: BatchAppendReq.Options; records: ProposedRecord[] }>();
    // Writes are answered one after another, in the order they arrived, as the server's writer takes them.
    let queue = Promise.resolve();
    let ended = false;
    const untrack = faults.track({
      kind: 'batch-append',
      end(how) {
        ended = true;
        if (how === 'end') call.end();
        else call.emit('error', dropError(how));
      },
    });
    call.on('data', (request: BatchAppendReq) => {
      const correlationId = uuidText(request.getCorrelationId());
      const write = pending.get(correlationId) ?? { records: [] };
      if (request.hasOptions()) write.options = request.getOptions();
      write.records.push(...request.getProposedMessagesList().map(proposedRecord));
      if (!request.getIsFinal()) return void pending.set(correlationId, write);
      pending.delete(correlationId);
      queue = queue.then(async () => {
        await faults.pause();
        if (ended || call.cancelled) return;
        if (faults.refusing) return void faults.drop('unavailable', 'batch-append');
        const options = write.options;
        if (!options) return void call.emit('error', notImplemented('A batch append without options'));
        const stream = streamNameOf(options.getStreamIdentifier());
        const expected = expectedOf(options, () => options.getStreamPosition());
        const answer = batchAnswer(stream, expected, attempt(log, faults, stream, write.records, expected));
        call.write(answer.setCorrelationId(uuidMessage(correlationId)));
      });
    });
    call.on('end', () => {
      untrack();
      void queue.then(() => (ended ? undefined : call.end()));
    });
    call.on('cancelled', untrack);
  };
}
