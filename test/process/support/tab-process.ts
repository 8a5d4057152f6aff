import type { Decider } from '../../../src/core/decider';
import { DomainError } from '../../../src/core/errors';
import type { CommandHandler } from '../../../src/core/handle-command';
import type { ProcessDefinition } from '../../../src/process';

/**
 * A test-only module and process shaped like the unpaid-order lapse: a tab that nobody pays within 20 minutes
 * lapses. The module owns `tab-<id>` streams; the process watches them and lapses the tab through the module.
 */
export type TabEvent =
  | { type: 'TabOpened'; data: { tabId: string } }
  | { type: 'TabPaid'; data: { tabId: string } }
  | { type: 'TabHeld'; data: { tabId: string } }
  | { type: 'TabLapsed'; data: { tabId: string; commandId: string } };
export type TabCommand =
  | { type: 'OpenTab'; tabId: string }
  | { type: 'PayTab'; tabId: string }
  | { type: 'HoldTab'; tabId: string }
  | { type: 'LapseTab'; tabId: string; commandId: string };
type TabState = { status: 'none' | 'open' | 'paid' | 'held' | 'lapsed'; lapsedBy: readonly string[] };

export const tabStream = (tabId: string) => `tab-${tabId}`;

export const tabDecider: Decider<TabCommand, TabEvent, TabState> = {
  initialState: { status: 'none', lapsedBy: [] },
  evolve(state, event) {
    switch (event.type) {
      case 'TabOpened':
        return { ...state, status: 'open' };
      case 'TabPaid':
        return { ...state, status: 'paid' };
      case 'TabHeld':
        return { ...state, status: 'held' };
      case 'TabLapsed':
        return { status: 'lapsed', lapsedBy: [...state.lapsedBy, event.data.commandId] };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case 'OpenTab':
        return [{ type: 'TabOpened', data: { tabId: command.tabId } }];
      case 'PayTab':
        return [{ type: 'TabPaid', data: { tabId: command.tabId } }];
      case 'HoldTab':
        return [{ type: 'TabHeld', data: { tabId: command.tabId } }];
      case 'LapseTab':
        // A repeat of the same command changes nothing: the process may send it again after a crash.
        if (state.lapsedBy.includes(command.commandId)) return [];
        if (state.status === 'held') throw new DomainError('conflict', 'This tab is held by the kitchen');
        return [{ type: 'TabLapsed', data: { tabId: command.tabId, commandId: command.commandId } }];
    }
  },
};

export const LAPSE_MINUTES = 20;

type Fact = { event: 'opened'; tabId: string } | { event: 'paid' };
type Sent = { type: 'LapseTab'; tabId: string };
type Watch = { status: 'idle' } | { status: 'waiting' | 'lapsing'; tabId: string };

/** Hooks a test uses to fail or stop a send at a chosen point; `sends` counts every call of `send`. */
export interface SendHooks {
  sends: number;
  beforeSend?(command: Sent): Promise<void>;
  afterSend?(command: Sent): Promise<void>;
}

const lapseAt = (openedAt: string) => new Date(Date.parse(openedAt) + LAPSE_MINUTES * 60_000).toISOString();

/**
 * `waiting`: the opening waits until the tab would lapse before the process takes it, and a payment withdraws
 * it, as the shop's unpaid-order lapse does: a tab paid in time never starts a process.
 */
export function tabLapseProcess(commands: CommandHandler, hooks: SendHooks = { sends: 0 }, { waiting = false } = {}): ProcessDefinition<Watch, Fact, Sent> {
  return {
    kind: 'tabLapse',
    startsOn: ['TabOpened'],
    advancesOn: ['TabPaid'],
    withdrawnBy: waiting ? { eventTypes: ['TabPaid'], processIdOf: (event) => (event.data as { tabId: string }).tabId } : undefined,
    receive(event) {
      const { tabId } = event.data as { tabId: string };
      if (event.type !== 'TabOpened') return { processId: tabId, fact: { event: 'paid' } };
      return { processId: tabId, fact: { event: 'opened', tabId }, waitUntil: waiting ? lapseAt(event.metadata.at) : undefined };
    },
    initialState: { status: 'idle' },
    evolve(state, input) {
      if (input.kind === 'event' && input.fact.event === 'opened') return { status: 'waiting', tabId: input.fact.tabId };
      if (input.kind === 'timer' && state.status === 'waiting') return { ...state, status: 'lapsing' };
      return state;
    },
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          if (input.fact.event === 'paid') return { finish: true };
          return { setTimers: [{ name: 'lapse', at: lapseAt(input.at) }] };
        case 'timer':
          return state.status === 'waiting' ? { send: [{ type: 'LapseTab', tabId: state.tabId }] } : {};
        case 'succeeded':
        case 'refused':
          return { finish: true };
      }
    },
    async send(command, { commandId, context }) {
      hooks.sends += 1;
      await hooks.beforeSend?.(command);
      await commands.handle(tabStream(command.tabId), tabDecider, { type: 'LapseTab', tabId: command.tabId, commandId }, context);
      await hooks.afterSend?.(command);
    },
  };
}
