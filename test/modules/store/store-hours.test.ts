import { randomUUID } from 'node:crypto';
import { storeHoursProcess } from '../../../modules/store';
import { processDecider, type HandleInput, type ProcessEvent } from '../../../src/process';

const closesAt = '2026-11-20T23:00:00.000Z';
const definition = storeHoursProcess({
  closeAtClosingTime: async () => {
    throw new Error('a decider never sends');
  },
});

/** Each input decided in turn on the process stream of one closing time. */
function run(inputs: Array<HandleInput['input']>) {
  const decider = processDecider(definition);
  let state = decider.initialState;
  const all: ProcessEvent[] = [];
  for (const input of inputs) {
    const events = decider.decide({ type: 'HandleInput', processId: closesAt, correlationId: 'c', input }, state);
    all.push(...events);
    state = events.reduce(decider.evolve, state);
  }
  const sent = all.flatMap((event) => (event.type === 'ProcessCommandIssued' ? [event.data.command] : []));
  const timers = all.flatMap((event) => (event.type === 'ProcessTimerSet' ? [{ timerId: event.data.timerId, name: event.data.name, dueAt: event.data.dueAt }] : []));
  return { sent, timers, finished: all.some((event) => event.type === 'ProcessFinished') };
}

const opened = (at: string, status = 'open') => ({
  kind: 'event' as const,
  inputId: randomUUID(),
  eventType: 'StoreStatusChanged',
  fact: definition.receive({ type: 'StoreStatusChanged', data: { status, closesAt } } as never)!.fact,
  at,
});
const fired = (timer: { timerId: string; name: string; dueAt: string }, at = timer.dueAt) => ({ kind: 'timer' as const, inputId: timer.timerId, name: timer.name, dueAt: timer.dueAt, at });

describe('the storeHours process (issue 14 item 4)', () => {
  // One input, as the stream would see it again (ids are what make an input the same).
  const firstOpening = opened('2026-11-20T17:02:00.000Z');
  it('is one process per closing time, started by an opening that has one; a close or an older opening starts none', () => {
    expect(definition.receive({ type: 'StoreStatusChanged', data: { status: 'busy', closesAt } } as never)).toEqual({ processId: closesAt, fact: { event: 'opened', closesAt } });
    expect(definition.receive({ type: 'StoreStatusChanged', data: { status: 'closed' } } as never)).toBeUndefined();
    expect(definition.receive({ type: 'StoreStatusChanged', data: { status: 'open' } } as never)).toBeUndefined();
  });

  it('sets one close timer at the closing time, and closes the store once when it fires', () => {
    const started = run([firstOpening, opened('2026-11-20T19:00:00.000Z', 'busy')]);
    expect(started.timers).toEqual([{ timerId: expect.any(String), name: 'close', dueAt: closesAt }]);
    expect(started.sent).toEqual([]);

    const closing = run([firstOpening, fired(started.timers[0])]);
    expect(closing.sent).toEqual([{ type: 'CloseAtClosingTime', closesAt }]);
    expect(closing.finished).toBe(true);
  });

  it('asks nothing more once it has closed: a repeat of the timer or a later opening is ignored', () => {
    const { timers } = run([firstOpening]);
    const again = run([firstOpening, fired(timers[0]), fired(timers[0], '2026-11-20T23:01:00.000Z'), opened('2026-11-20T23:05:00.000Z')]);
    expect(again.sent).toEqual([{ type: 'CloseAtClosingTime', closesAt }]);
    expect(again.timers).toHaveLength(1);
  });
});
