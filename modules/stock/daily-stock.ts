import type { CommandContext, Decider } from '../../src/core/decider';
import type { StoredEvent } from '../../src/eventstore/types';
import type { ProcessDefinition } from '../../src/process';
import type { Services } from '../../src/services';
import { addDays } from '../../src/shared/london-time';
import { readOpeningHours, tradingDayBounds, tradingDayOf } from '../store';
import { stockDecider } from './decider';
import { STOCK_DAYS_STREAM, stockStream, type StockDayScheduled } from './events';

/** The stream `stockdays-main`: the latest trading day whose start is scheduled to put the par levels on the shelf. */
type DaysState = { scheduled: string | null };
type DaysCommand = { type: 'ScheduleStockDay'; tradingDay: string; startsAt: string };

export const stockDaysDecider: Decider<DaysCommand, StockDayScheduled, DaysState> = {
  initialState: { scheduled: null },
  evolve: (_state, event) => ({ scheduled: event.data.tradingDay }),
  // A day scheduled already (or an earlier one asked again) changes nothing: scheduling is safe to repeat.
  decide: (command, state) =>
    state.scheduled !== null && state.scheduled >= command.tradingDay
      ? []
      : [{ type: 'StockDayScheduled', data: { tradingDay: command.tradingDay, startsAt: command.startsAt } }],
};

export interface DailyStockActions {
  /** Puts every par level on the shelf for the day (once), then schedules the next day. Safe to repeat. */
  startDay(tradingDay: string, context: CommandContext): Promise<void>;
}

type Fact = { tradingDay: string; startsAt: string };
type Command = { type: 'StartStockDay'; tradingDay: string };
type State = { status: 'idle' } | { status: 'waiting'; tradingDay: string };

/**
 * Each trading day starts with the par levels (issue 16 item 2): one process per day, started by the day's
 * StockDayScheduled, whose durable timer fires at the day's start (after a crash or a stop, when the shop is
 * back) and sends StartStockDay once. The stock decider puts a par level on the shelf once per day and dish,
 * so a repeat changes nothing; starting a day schedules the next, so the chain runs for as long as par levels do.
 */
export function dailyStockProcess(actions: DailyStockActions): ProcessDefinition<State, Fact, Command> {
  return {
    kind: 'dailyStock',
    startsOn: ['StockDayScheduled'],
    advancesOn: [],
    receive(event: StoredEvent) {
      const { tradingDay, startsAt } = event.data as StockDayScheduled['data'];
      return { processId: tradingDay, fact: { tradingDay, startsAt } };
    },
    initialState: { status: 'idle' },
    evolve: (state, input) => (input.kind === 'event' && state.status === 'idle' ? { status: 'waiting', tradingDay: input.fact.tradingDay } : state),
    decide(input, state) {
      switch (input.kind) {
        case 'event':
          return state.status === 'idle' ? { setTimers: [{ name: 'start', at: input.fact.startsAt }] } : {};
        case 'timer':
          return state.status === 'waiting' ? { send: [{ type: 'StartStockDay', tradingDay: state.tradingDay }], finish: true } : {};
        case 'succeeded':
        case 'refused':
          return {};
      }
    },
    send: (command, { context }) => actions.startDay(command.tradingDay, context),
  };
}

/**
 * Par levels and the start of each trading day. `productsWithParLevels`: a query port the menu read model
 * implements (the products with a par level on some variant).
 */
export function createDailyStock(services: Services, productsWithParLevels: () => Promise<number[]>) {
  const { commands } = services;

  /** Schedules the start of the trading day after `day` (by the store's hours now), unless it is already. */
  async function scheduleAfter(day: string, context: CommandContext) {
    const hours = await readOpeningHours(services.settings);
    const next = addDays(day, 1);
    const startsAt = tradingDayBounds(next, hours).from.toISOString();
    await commands.handle(STOCK_DAYS_STREAM, stockDaysDecider, { type: 'ScheduleStockDay', tradingDay: next, startsAt }, context);
  }

  return {
    async setParLevel(productId: number, variantId: number | null, parLevel: number | null, context: CommandContext) {
      const result = await commands.handle(stockStream(productId), stockDecider, { type: 'SetParLevel', productId, variantId, parLevel }, context);
      if (parLevel !== null) await scheduleAfter(tradingDayOf(new Date(context.now), await readOpeningHours(services.settings)), context);
      return result;
    },

    actions: {
      async startDay(tradingDay: string, context: CommandContext) {
        // A day started late (the shop was down over its start) counts as the day it is now, so the chain
        // catches up at once rather than a day at a time.
        const today = tradingDayOf(new Date(context.now), await readOpeningHours(services.settings));
        const day = today > tradingDay ? today : tradingDay;
        for (const productId of await productsWithParLevels()) {
          await commands.handle(stockStream(productId), stockDecider, { type: 'StartStockDay', productId, tradingDay: day }, context);
        }
        await scheduleAfter(day, context);
      },
    } satisfies DailyStockActions,
  };
}

export type DailyStock = ReturnType<typeof createDailyStock>;
