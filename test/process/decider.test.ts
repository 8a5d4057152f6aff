import { randomUUID } from 'node:crypto';
import { CommandHandler } from '../../src/core/handle-command';
import type { EventStore } from '../../src/eventstore/types';
import { processDecider, processStream, type HandleInput, type ProcessEvent } from '../../src/process';
import { tabLapseProcess } from './support/tab-process';

// The definition's send is never called here: the decider is pure.
const definition = tabLapseProcess(new CommandHandler({} as EventStore));
const decider = processDecider(definition);
const tabId = randomUUID();
const opened = randomUUID();
const paid = randomUUID();
const stream = processStream('tabLapse', tabId);

const handle = (input: HandleInput['input']): HandleInput => ({ type: 'HandleInput', processId: tabId, correlationId: 'c-1', input });
const openedInput = handle({ kind: 'event', inputId: opened, eventType: 'TabOpened', fact: { event: 'opened', tabId }, at: '2026-11-24T18:00:00.000Z' });
const paidInput = handle({ kind: 'event', inputId: paid, eventType: 'TabPaid', fact: { event: 'paid' }, at: '2026-11-24T18:05:00.000Z' });

/** given(earlier inputs).when(input) → the events decided, each earlier input decided in turn. */
function given(...earlier: HandleInput[]) {
  const history: ProcessEvent[] = [];
  let state = decider.initialState;
  for (const command of earlier) {
    const events = decider.decide(command, state);
    history.push(...events);
    state = events.reduce(decider.evolve, state);
  }
  return { history, state, when: (command: HandleInput) => decider.decide(command, state) };
}

const timerSet = (history: ProcessEvent[]) => history.find((event) => event.type === 'ProcessTimerSet') as Extract<ProcessEvent, { type: 'ProcessTimerSet' }>;
const fired = (timerId: string, name = 'lapse') =>
  handle({ kind: 'timer', inputId: timerId, name, dueAt: '2026-11-24T18:20:00.000Z', at: '2026-11-24T18:45:00.000Z' });

describe('a process stream decider', () => {
  describe('before the process exists', () => {
    it('starts on a starting event: records it and sets its timer, with an id derived from the stream and the input', () => {
      const events = given().when(openedInput);
      expect(events.map((event) => event.type)).toEqual(['ProcessStarted', 'ProcessInputHandled', 'ProcessTimerSet']);
      expect(events[0].data).toEqual({ processId: tabId, correlationId: 'c-1' });
      const timer = timerSet(events);
      expect(timer.data).toMatchObject({ name: 'lapse', dueAt: '2026-11-24T18:20:00.000Z' });
      expect(timerSet(given().when(openedInput)).data.timerId).toBe(timer.data.timerId);
      expect(timerSet(processDecider(definition).decide({ ...openedInput, processId: randomUUID() }, decider.initialState)).data.timerId).not.toBe(timer.data.timerId);
    });

    it('ignores an event that only advances a process, and any timer or answer', () => {
      expect(given().when(paidInput)).toEqual([]);
      expect(given().when(fired(randomUUID()))).toEqual([]);
      expect(given().when(handle({ kind: 'succeeded', inputId: randomUUID(), command: { type: 'LapseTab' }, at: '2026-11-24T18:00:00.000Z' }))).toEqual([]);
    });
  });

  describe('while it runs', () => {
    it('takes each input once: the same event again decides nothing', () => {
      expect(given(openedInput).when(openedInput)).toEqual([]);
    });

    it('fires its pending timer once, issuing the command with an id derived from the timer', () => {
      const { history, when } = given(openedInput);
      const { timerId } = timerSet(history).data;
      const events = when(fired(timerId));
      expect(events.map((event) => event.type)).toEqual(['ProcessInputHandled', 'ProcessCommandIssued']);
      const issued = events[1] as Extract<ProcessEvent, { type: 'ProcessCommandIssued' }>;
      expect(issued.data.command).toEqual({ type: 'LapseTab', tabId });
      expect(issued.data.correlationId).toBe('c-1');
      expect((given(openedInput).when(fired(timerId))[1] as typeof issued).data.commandId).toBe(issued.data.commandId);
      expect(given(openedInput, fired(timerId)).when(fired(timerId))).toEqual([]);
    });

    it('ignores a timer that is not the pending one (cancelled, or replaced by a newer one of that name)', () => {
      expect(given(openedInput).when(fired(randomUUID()))).toEqual([]);
    });

    it('records the answer to a pending command once, and ignores an answer to a command it did not send', () => {
      const { history } = given(openedInput);
      const issued = given(openedInput).when(fired(timerSet(history).data.timerId))[1] as Extract<ProcessEvent, { type: 'ProcessCommandIssued' }>;
      const answer = handle({ kind: 'refused', inputId: issued.data.commandId, command: issued.data.command, reason: 'held', at: '2026-11-24T18:45:01.000Z' });
      const after = given(openedInput, fired(timerSet(history).data.timerId));
      expect(after.when(answer).map((event) => event.type)).toEqual(['ProcessInputHandled', 'ProcessFinished']);
      expect(given(openedInput, fired(timerSet(history).data.timerId), answer).when(answer)).toEqual([]);
      expect(after.when({ ...answer, input: { ...answer.input, inputId: randomUUID() } })).toEqual([]);
    });
  });

  describe('when it finishes', () => {
    it('cancels its pending timers and ignores every later input', () => {
      const { history, when } = given(openedInput);
      const events = when(paidInput);
      expect(events.map((event) => event.type)).toEqual(['ProcessInputHandled', 'ProcessTimerCancelled', 'ProcessFinished']);
      expect(events[1].data).toEqual({ timerId: timerSet(history).data.timerId, name: 'lapse' });
      const finished = given(openedInput, paidInput);
      expect(finished.state.status).toBe('finished');
      expect(finished.when(fired(timerSet(history).data.timerId))).toEqual([]);
      expect(finished.when(handle({ ...openedInput.input, inputId: randomUUID() }))).toEqual([]);
    });
  });

  it('folds its own events into the process state, leaving unknown events alone', () => {
    const { history, state } = given(openedInput);
    expect(history.reduce(decider.evolve, decider.initialState)).toEqual(state);
    expect(state).toMatchObject({ status: 'running', state: { status: 'waiting', tabId }, timers: { lapse: { dueAt: '2026-11-24T18:20:00.000Z' } } });
    expect(decider.evolve(state, { type: 'SomethingElse', data: {} } as unknown as ProcessEvent)).toBe(state);
    expect(stream).toBe(`process-tabLapse-${tabId}`);
  });
});

describe('a process setting a timer of a name already pending', () => {
  type Fact = { minutes: number };
  const reminder = processDecider<null, Fact, { type: 'Remind' }>({
    kind: 'reminder',
    startsOn: ['Asked'],
    advancesOn: ['Asked'],
    receive: () => undefined,
    initialState: null,
    evolve: (state) => state,
    decide: (input) => (input.kind === 'event' ? { setTimers: [{ name: 'remind', at: new Date(Date.parse(input.at) + input.fact.minutes * 60_000).toISOString() }] } : {}),
    send: async () => undefined,
  });
  const asked = (minutes: number): HandleInput => ({
    type: 'HandleInput',
    processId: 'p-1',
    correlationId: 'c-1',
    input: { kind: 'event', inputId: randomUUID(), eventType: 'Asked', fact: { minutes }, at: '2026-11-24T18:00:00.000Z' },
  });

  it('replaces it: the old one is cancelled, and firing it later decides nothing', () => {
    const first = reminder.decide(asked(10), reminder.initialState);
    const afterFirst = first.reduce(reminder.evolve, reminder.initialState);
    const second = reminder.decide(asked(30), afterFirst);
    expect(second.map((event) => event.type)).toEqual(['ProcessInputHandled', 'ProcessTimerCancelled', 'ProcessTimerSet']);
    const oldTimer = (first[2] as Extract<ProcessEvent, { type: 'ProcessTimerSet' }>).data;
    const newTimer = (second[2] as Extract<ProcessEvent, { type: 'ProcessTimerSet' }>).data;
    expect(newTimer.dueAt).toBe('2026-11-24T18:30:00.000Z');
    expect(newTimer.timerId).not.toBe(oldTimer.timerId);
    const afterSecond = second.reduce(reminder.evolve, afterFirst);
    const fire = (timerId: string): HandleInput => ({
      type: 'HandleInput',
      processId: 'p-1',
      correlationId: 'c-1',
      input: { kind: 'timer', inputId: timerId, name: 'remind', dueAt: oldTimer.dueAt, at: '2026-11-24T18:31:00.000Z' },
    });
    expect(reminder.decide(fire(oldTimer.timerId), afterSecond)).toEqual([]);
    expect(reminder.decide(fire(newTimer.timerId), afterSecond).map((event) => event.type)).toEqual(['ProcessInputHandled']);
  });
});
