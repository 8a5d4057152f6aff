import { randomUUID } from 'node:crypto';
import { sql } from 'slonik';
import type { CommandContext } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { DatabaseConnection } from '../../src/db/pool';
import { isUniqueViolation } from '../../src/db/sql-errors';
import type { Services } from '../../src/services';
import { normaliseVoucherCode, type VoucherBenefit } from '../../src/shared/voucher';
import { readSettings } from '../store';
import { generateCodes } from './codes';
import { voucherDecider, type VoucherCommand } from './decider';
import { voucherStream, type ReleaseReason, type VoucherTerms } from './events';
import type { VoucherReadModel } from './ports';
import { VOUCHER_TEXTS, voucherVerdict, type UseFacts } from './rules';

/** The code a refusal by the voucher rules carries: the box shows it as 'NOT applied', and it counts as a guess. */
export const VOUCHER_REFUSED = 'voucher_refused';
const refusal = (message: string) => new DomainError('conflict', message, undefined, VOUCHER_REFUSED);

/** What the order is at the moment of a check: the order module's facts, handed in. */
export interface OrderFacts {
  orderId: string;
  itemsTotalPence: number;
  postagePence: number;
  method: 'COLLECT' | 'DELIVER' | null;
}

/** A code that would take something off this order now. */
export interface Accepted {
  voucherId: string;
  code: string;
  description: string;
  benefit: VoucherBenefit;
  deductionPence: number;
}

/**
 * Vouchers: the customer's checks and the uses held while an order is paid for (decided on the voucher's stream),
 * and the manager's create / edit / disable / batch. The customer's email is turned into its keyed hash at once
 * and kept only in voucher_customers, never in an event.
 */
export function createVouchers(services: Services, readModel: VoucherReadModel) {
  const handle = (voucherId: string, command: VoucherCommand, context: CommandContext, newStream = false) =>
    services.commands.handle(voucherStream(voucherId), voucherDecider, command, context, { newStream });
  const load = (voucherId: string) => services.commands.load(voucherStream(voucherId), voucherDecider);
  const hashOf = (email: string) => services.personalData.lookupHash('email', email);

  /**
   * From the lookup table: the customer's paid orders, and their uses of this voucher on other orders. Read on
   * `connection`: the reservation's own transaction, which must not wait for a second connection of the pool.
   */
  async function customerFacts(connection: DatabaseConnection, emailHash: string, voucherId: string, orderId: string) {
    const row = await connection.one(sql.unsafe`
      select count(*) filter (where paid)::int as paid,
             count(*) filter (where holds_use and voucher_id = ${voucherId} and order_id <> ${orderId})::int as uses
      from voucher_customers where email_hash = ${emailHash}`);
    return { customerPaidOrders: (row as { paid: number }).paid, customerUses: (row as { uses: number }).uses };
  }

  async function factsFor(connection: DatabaseConnection, code: string, voucherId: string, email: string, order: OrderFacts, now: string): Promise<UseFacts> {
    return { code, now, ...order, ...(await customerFacts(connection, hashOf(email), voucherId, order.orderId)) };
  }

  async function enabled(): Promise<boolean> {
    return (await readSettings(services.settings, ['vouchers_enabled'])).vouchers_enabled === true;
  }

  /**
   * A code belongs to one voucher, and this is where that is decided: a create claims its codes in
   * voucher_codes_claimed (migration 031), in one committed statement of its own, before it appends its event,
   * like the personal-data keys committed before the first event that uses them. The table's key refuses a code
   * any create on any instance claimed first, however far behind the vouchers read model is; the statement is
   * all or nothing, so a refused create claims none of its codes. A claim whose append then fails is harmless:
   * the code stays unusable (no voucher has it, and no other voucher can take it).
   */
  async function claim(codes: string[], voucherId: string): Promise<void> {
    try {
      await services.pool.query(sql.unsafe`
        insert into voucher_codes_claimed (code, voucher_id)
        select code, ${voucherId}::uuid from unnest(${sql.array(codes, 'text')}::text[]) as code`);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      const taken = (await services.pool.anyFirst(sql.unsafe`
        select code from voucher_codes_claimed where code = any(${sql.array(codes, 'text')}) order by code`)) as string[];
      throw new DomainError('conflict', `The code ${taken[0] ?? codes[0]} is already in use`);
    }
  }

  return {
    enabled,

    /** What `typed` would take off the order now, or the refusal the box shows (a DomainError 'conflict'). */
    async check(typed: string, email: string, order: OrderFacts, now: string): Promise<Accepted> {
      if (!(await enabled())) throw new DomainError('conflict', VOUCHER_TEXTS.vouchersOff);
      const code = normaliseVoucherCode(typed);
      const voucherId = await readModel.voucherIdOf(code);
      if (!voucherId) throw refusal(VOUCHER_TEXTS.unknown);
      const voucher = await load(voucherId);
      if (voucher.status === 'none') throw refusal(VOUCHER_TEXTS.unknown);
      const verdict = voucherVerdict(voucher, await factsFor(services.pool, code, voucherId, email, order, now));
      if ('refused' in verdict) throw refusal(verdict.refused);
      return { voucherId, code, description: voucher.terms.description, benefit: voucher.terms.benefit, deductionPence: verdict.deductionPence };
    },

    /**
     * Holds a use for the order as its payment starts: the voucher's stream decides (by expected revision) so no
     * race passes a cap. Answers the deduction held. Safe to repeat for the same order.
     */
    async reserve(voucherId: string, code: string, email: string, order: OrderFacts, context: CommandContext): Promise<number> {
      const emailHash = hashOf(email);
      // One customer's reservations of one voucher take turns (on every instance): the per-customer cap is
      // counted from voucher_customers, so the second waits until the first's row is there. The voucher's
      // stream alone decides the total cap. Everything here runs on `tx` or outside the pool (the event store).
      return services.pool.transaction(async (tx) => {
        await tx.query(sql.unsafe`select pg_advisory_xact_lock(hashtextextended(${`voucher-customer:${voucherId}:${emailHash}`}, 0))`);
        const facts = await factsFor(tx, code, voucherId, email, order, context.now);
        const result = await handle(voucherId, { type: 'ReserveUse', facts }, context);
        await tx.query(sql.unsafe`
          insert into voucher_customers (order_id, email_hash, voucher_id, holds_use) values (${order.orderId}, ${emailHash}, ${voucherId}, true)
          on conflict (order_id) do update set email_hash = excluded.email_hash, voucher_id = excluded.voucher_id, holds_use = true`);
        const state = result.state;
        return state.status === 'none' ? 0 : state.uses[order.orderId]!.deductionPence;
      });
    },

    async confirm(voucherId: string, orderId: string, context: CommandContext): Promise<void> {
      await handle(voucherId, { type: 'ConfirmUse', orderId, now: context.now }, context);
    },

    /** Gives the use back (failed, lapsed or cancelled): safe to repeat. */
    async release(voucherId: string, orderId: string, reason: ReleaseReason, context: CommandContext): Promise<void> {
      await handle(voucherId, { type: 'ReleaseUse', orderId, now: context.now, reason }, context);
      await services.pool.query(sql.unsafe`update voucher_customers set holds_use = false where order_id = ${orderId}`);
    },

    /** A paid order: its customer is no longer a first-time one. */
    async notePaid(orderId: string, email: string): Promise<void> {
      if (!email) return;
      await services.pool.query(sql.unsafe`
        insert into voucher_customers (order_id, email_hash, paid) values (${orderId}, ${hashOf(email)}, true)
        on conflict (order_id) do update set paid = true`);
    },

    /**
     * Erasure (on request or after the retention period, modules/privacy) of these orders' customers: their rows
     * go, so they count as new again for "first order only" and the cap per customer.
     */
    async forgetOrders(orderIds: readonly string[]): Promise<void> {
      await services.pool.query(sql.unsafe`delete from voucher_customers where order_id = any(${sql.array(orderIds, 'uuid')})`);
    },

    manager: {
      list: () => readModel.list(),
      uses: (voucherId: string) => readModel.uses(voucherId),
      codes: (voucherId: string) => readModel.codes(voucherId),

      /** A shared code (given), or a batch of `count` generated single-use codes; each code is claimed first (claim). */
      async create(input: { code: string | null; count: number | null; terms: VoucherTerms }, context: CommandContext) {
        const codes = input.code !== null ? [normaliseVoucherCode(input.code)] : generateCodes(input.count ?? 1);
        const voucherId = randomUUID();
        await claim(codes, voucherId);
        const result = await handle(voucherId, { type: 'CreateVoucher', voucherId, codes, singleUse: input.code === null, terms: input.terms, now: context.now }, context, true);
        // Not for uniqueness (the claim did that): the manager's screen lists the vouchers again as soon as the
        // create answers, and may ask for the batch's codes next, so the answer waits until they are readable
        // (bounded: a slow read model delays the answer, never turns the create into an error).
        await services.readModels.waitFor('vouchers', result.position);
        return voucherId;
      },

      async edit(voucherId: string, terms: VoucherTerms, context: CommandContext) {
        const result = await handle(voucherId, { type: 'EditVoucher', voucherId, terms, now: context.now }, context);
        await services.readModels.waitFor('vouchers', result.position);
      },

      async setEnabled(voucherId: string, isEnabled: boolean, context: CommandContext) {
        const result = await handle(voucherId, { type: 'SetVoucherEnabled', voucherId, enabled: isEnabled, now: context.now }, context);
        await services.readModels.waitFor('vouchers', result.position);
      },
    },
  };
}

export type Vouchers = ReturnType<typeof createVouchers>;
