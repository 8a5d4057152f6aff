import type { ServerWritableStream } from '@grpc/grpc-js';
import { ReadReq, type ReadResp } from '@eventstore/db-client/generated/streams_pb';
import { accessDenied, notImplemented, streamDeleted, unavailable } from './errors';
import { dropError, type Faults, type OpenCall } from './faults';
import type { FakeLog, LogRecord } from './log';
import { caughtUp, checkpoint, confirmation, readEvent, streamNameOf, streamNotFound } from './messages';

/**
 * The Streams.Read call of the fake EventStoreDB: a stream read forwards or backwards from a revision, a `$all` read
 * forwards (inclusive of its position) or backwards (before it), and a subscription to `$all` (after its position)
 * that catches up, says so, and stays live. Subscriptions to one stream are not served (the shop makes none).
 */

type Call = ServerWritableStream<ReadReq, ReadResp>;
const { ReadDirection } = ReadReq.Options;

const isOver = (call: Call) => call.cancelled || call.writableEnded || call.destroyed;

/** Resolves once the client has read enough to take more, or the call is over (ended with an error by a fault, say). */
function writable(call: Call): Promise<void> {
  return new Promise((resolve) => {
    const events = ['drain', 'close', 'finish', 'error', 'cancelled'];
    const done = () => {
      for (const event of events) call.off(event, done);
      resolve();
    };
    for (const event of events) call.on(event, done);
  });
}

/** Writes one answer after the fault's delay, waiting while the client is slow to read; false once the call is over. */
async function send(call: Call, faults: Faults, message: ReadResp): Promise<boolean> {
  await faults.pause();
  if (isOver(call)) return false;
  if (!call.write(message)) await writable(call);
  return !isOver(call);
}

function matcher(filter: ReadReq.Options.FilterOptions | undefined): (record: LogRecord) => boolean {
  if (!filter) return () => true;
  const onStream = filter.hasStreamIdentifier();
  const expression = onStream ? filter.getStreamIdentifier() : filter.getEventType();
  const regex = expression?.getRegex() ? new RegExp(expression.getRegex()) : undefined;
  const prefixes = expression?.getPrefixList() ?? [];
  return (record) => {
    const subject = onStream ? record.stream : record.type;
    return (!regex || regex.test(subject)) && (prefixes.length === 0 || prefixes.some((prefix) => subject.startsWith(prefix)));
  };
}

async function readStream(call: Call, faults: Faults, log: FakeLog, options: ReadReq.Options): Promise<void> {
  const streamOptions = options.getStream()!;
  const name = streamNameOf(streamOptions.getStreamIdentifier());
  if (faults.denied.has(name)) return void call.emit('error', accessDenied());
  if (log.isTombstoned(name)) return void call.emit('error', streamDeleted(name));
  const records = log.stream(name);
  if (records.length === 0) {
    await send(call, faults, streamNotFound(name));
    return void call.end();
  }
  const count = Number(options.getCount());
  const backwards = options.getReadDirection() === ReadDirection.BACKWARDS;
  const last = records.length - 1;
  let chosen: LogRecord[];
  if (backwards) {
    const from = streamOptions.hasEnd() ? last : streamOptions.hasStart() ? 0 : Math.min(Number(streamOptions.getRevision()), last);
    chosen = records.slice(Math.max(0, from + 1 - count), from + 1).reverse();
  } else {
    const from = streamOptions.hasStart() ? 0 : streamOptions.hasEnd() ? records.length : Number(streamOptions.getRevision());
    chosen = records.slice(from, from + count);
  }
  for (const record of chosen) if (!(await send(call, faults, readEvent(record)))) return;
  call.end();
}

async function readAll(call: Call, faults: Faults, log: FakeLog, options: ReadReq.Options): Promise<void> {
  if (faults.denied.has('$all')) return void call.emit('error', accessDenied());
  const allOptions = options.getAll()!;
  const position = allOptions.hasPosition() ? BigInt(allOptions.getPosition()!.getCommitPosition()) : undefined;
  const matches = matcher(options.hasFilter() ? options.getFilter() : undefined);
  let count = Number(options.getCount());
  const backwards = options.getReadDirection() === ReadDirection.BACKWARDS;
  // Taken now: a read sees the log as it was when it started.
  const end = log.all.length;
  if (backwards) {
    for (let index = position === undefined ? (allOptions.hasStart() ? -1 : end - 1) : log.indexAtOrAfter(position) - 1; index >= 0 && count > 0; index--) {
      if (!matches(log.all[index])) continue;
      count -= 1;
      if (!(await send(call, faults, readEvent(log.all[index])))) return;
    }
  } else {
    for (let index = position === undefined ? (allOptions.hasEnd() ? end : 0) : log.indexAtOrAfter(position); index < end && count > 0; index++) {
      if (!matches(log.all[index])) continue;
      count -= 1;
      if (!(await send(call, faults, readEvent(log.all[index])))) return;
    }
  }
  call.end();
}

async function subscribeToAll(call: Call, faults: Faults, log: FakeLog, options: ReadReq.Options): Promise<void> {
  if (faults.denied.has('$all')) return void call.emit('error', accessDenied());
  const allOptions = options.getAll()!;
  const filtered = options.hasFilter();
  const matches = matcher(filtered ? options.getFilter() : undefined);
  // The first event delivered is the one after the position.
  let index = allOptions.hasPosition()
    ? log.indexAtOrAfter(BigInt(allOptions.getPosition()!.getCommitPosition()) + 1n)
    : allOptions.hasEnd()
      ? log.all.length
      : 0;
  let wake: () => void = () => undefined;
  let ended = false;
  const stopWaiting = log.onAppend(() => wake());
  const onCancel = () => wake();
  call.on('cancelled', onCancel);
  const open: OpenCall = {
    kind: 'subscription',
    caughtUp: false,
    end(how) {
      ended = true;
      if (how === 'end') call.end();
      else call.emit('error', dropError(how));
      wake();
    },
  };
  const untrack = faults.track(open);
  try {
    if (!(await send(call, faults, confirmation()))) return;
    let caught = false;
    while (!ended && !call.cancelled) {
      if (index < log.all.length) {
        const record = log.all[index++];
        if (matches(record) && !(await send(call, faults, readEvent(record)))) return;
        continue;
      }
      if (!caught) {
        caught = true;
        // A filtered subscription tells the client how far it has looked, then every subscription says it caught up.
        if (filtered && index > 0 && !(await send(call, faults, checkpoint(log.all[index - 1].position)))) return;
        if (!(await send(call, faults, caughtUp()))) return;
        open.caughtUp = true;
        continue;
      }
      await new Promise<void>((resolve) => (wake = resolve));
    }
  } finally {
    stopWaiting();
    untrack();
    call.off('cancelled', onCancel);
  }
}

export function readHandler(log: FakeLog, faults: Faults) {
  return (call: Call): void => {
    const options = call.request.getOptions();
    const serve = async () => {
      if (faults.refusing) return void call.emit('error', unavailable());
      if (!options) return void call.emit('error', notImplemented('A read without options'));
      if (options.hasSubscription()) {
        if (!options.hasAll()) return void call.emit('error', notImplemented('A subscription to one stream'));
        return subscribeToAll(call, faults, log, options);
      }
      return options.hasAll() ? readAll(call, faults, log, options) : readStream(call, faults, log, options);
    };
    serve().catch((error: Error) => {
      if (!isOver(call)) call.emit('error', { code: 13, details: `The fake EventStoreDB failed: ${error.message}` });
    });
  };
}
