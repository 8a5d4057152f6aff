import type { Decider } from '../../src/core/decider';
import { DomainError } from '../../src/core/errors';
import type { ReleaseReason, VoucherEvent, VoucherTerms } from './events';
import { voucherVerdict, type UseFacts } from './rules';
import { evolveVoucher, initialVoucherState, type Existing, type VoucherState } from './state';

export type CreateVoucher = { type: 'CreateVoucher'; voucherId: string; codes: string[]; singleUse: boolean; terms: VoucherTerms; now: string };
export type EditVoucher = { type: 'EditVoucher'; voucherId: string; terms: VoucherTerms; now: string };
export type SetVoucherEnabled = { type: 'SetVoucherEnabled'; voucherId: string; enabled: boolean; now: string };
/** Holds a use for an order as payment starts: decided on the voucher's stream, so caps cannot be overrun. */
export type ReserveUse = { type: 'ReserveUse'; facts: UseFacts };
export type ConfirmUse = { type: 'ConfirmUse'; orderId: string; now: string };
export type ReleaseUse = { type: 'ReleaseUse'; orderId: string; now: string; reason: ReleaseReason };

export type VoucherCommand = CreateVoucher | EditVoucher | SetVoucherEnabled | ReserveUse | ConfirmUse | ReleaseUse;

export const NO_VOUCHER = 'There is no such voucher';

function existing(state: VoucherState): Existing {
  if (state.status === 'none') throw new DomainError('not_found', NO_VOUCHER);
  return state;
}

function createVoucher(command: CreateVoucher, state: VoucherState): VoucherEvent[] {
  if (state.status !== 'none') return []; // a retried create
  if (command.codes.length === 0) throw new DomainError('invalid', 'A voucher needs at least one code');
  return [{ type: 'VoucherCreated', data: { voucherId: command.voucherId, codes: command.codes, singleUse: command.singleUse, terms: command.terms, createdAt: command.now } }];
}

function editVoucher(command: EditVoucher, state: VoucherState): VoucherEvent[] {
  const voucher = existing(state);
  if (JSON.stringify(voucher.terms) === JSON.stringify(command.terms)) return [];
  return [{ type: 'VoucherEdited', data: { voucherId: voucher.voucherId, terms: command.terms, editedAt: command.now } }];
}

function setEnabled(command: SetVoucherEnabled, state: VoucherState): VoucherEvent[] {
  const voucher = existing(state);
  if ((voucher.status === 'active') === command.enabled) return [];
  return command.enabled
    ? [{ type: 'VoucherEnabled', data: { voucherId: voucher.voucherId, enabledAt: command.now } }]
    : [{ type: 'VoucherDisabled', data: { voucherId: voucher.voucherId, disabledAt: command.now } }];
}

function reserveUse(command: ReserveUse, state: VoucherState): VoucherEvent[] {
  const voucher = existing(state);
  const { facts } = command;
  const verdict = voucherVerdict(voucher, facts);
  if ('refused' in verdict) throw new DomainError('conflict', verdict.refused);
  const held = voucher.uses[facts.orderId];
  if (held && held.code === facts.code && held.deductionPence === verdict.deductionPence) return [];
  if (held?.status === 'confirmed') throw new DomainError('conflict', 'This order has already used this voucher');
  return [
    { type: 'VoucherUseReserved', data: { voucherId: voucher.voucherId, orderId: facts.orderId, code: facts.code, deductionPence: verdict.deductionPence, reservedAt: facts.now } },
  ];
}

function confirmUse(command: ConfirmUse, state: VoucherState): VoucherEvent[] {
  const voucher = existing(state);
  const use = voucher.uses[command.orderId];
  if (!use) throw new DomainError('conflict', 'This order holds no use of this voucher');
  if (use.status === 'confirmed') return [];
  return [{ type: 'VoucherUseConfirmed', data: { voucherId: voucher.voucherId, orderId: command.orderId, confirmedAt: command.now } }];
}

/** Safe to repeat: a use already released (or never held) releases nothing. */
function releaseUse(command: ReleaseUse, state: VoucherState): VoucherEvent[] {
  const voucher = existing(state);
  if (!voucher.uses[command.orderId]) return [];
  return [{ type: 'VoucherUseReleased', data: { voucherId: voucher.voucherId, orderId: command.orderId, releasedAt: command.now, reason: command.reason } }];
}

export function decideVoucher(command: VoucherCommand, state: VoucherState): VoucherEvent[] {
  switch (command.type) {
    case 'CreateVoucher':
      return createVoucher(command, state);
    case 'EditVoucher':
      return editVoucher(command, state);
    case 'SetVoucherEnabled':
      return setEnabled(command, state);
    case 'ReserveUse':
      return reserveUse(command, state);
    case 'ConfirmUse':
      return confirmUse(command, state);
    case 'ReleaseUse':
      return releaseUse(command, state);
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const voucherDecider: Decider<VoucherCommand, VoucherEvent, VoucherState> = {
  initialState: initialVoucherState,
  evolve: evolveVoucher,
  decide: decideVoucher,
};
