import type { VoucherEvent, VoucherTerms } from './events';

export interface VoucherUse {
  orderId: string;
  code: string;
  deductionPence: number;
  status: 'reserved' | 'confirmed';
}

export interface VoucherBody {
  voucherId: string;
  codes: string[];
  singleUse: boolean;
  terms: VoucherTerms;
  /** The uses that count against the caps (reserved or confirmed), by order id; released ones are gone. */
  uses: Record<string, VoucherUse>;
}

export type VoucherState = { status: 'none' } | ({ status: 'active' | 'disabled' } & VoucherBody);
export type Existing = Exclude<VoucherState, { status: 'none' }>;

export const initialVoucherState: VoucherState = { status: 'none' };

export function evolveVoucher(state: VoucherState, event: VoucherEvent): VoucherState {
  switch (event.type) {
    case 'VoucherCreated':
      return state.status === 'none'
        ? { status: 'active', voucherId: event.data.voucherId, codes: event.data.codes, singleUse: event.data.singleUse, terms: event.data.terms, uses: {} }
        : state;
    case 'VoucherEdited':
      return state.status === 'none' ? state : { ...state, terms: event.data.terms };
    case 'VoucherDisabled':
      return state.status === 'none' ? state : { ...state, status: 'disabled' };
    case 'VoucherEnabled':
      return state.status === 'none' ? state : { ...state, status: 'active' };
    case 'VoucherUseReserved': {
      if (state.status === 'none') return state;
      const { orderId, code, deductionPence } = event.data;
      return { ...state, uses: { ...state.uses, [orderId]: { orderId, code, deductionPence, status: 'reserved' } } };
    }
    case 'VoucherUseConfirmed': {
      if (state.status === 'none') return state;
      const use = state.uses[event.data.orderId];
      return use ? { ...state, uses: { ...state.uses, [use.orderId]: { ...use, status: 'confirmed' } } } : state;
    }
    case 'VoucherUseReleased': {
      if (state.status === 'none' || !state.uses[event.data.orderId]) return state;
      const { [event.data.orderId]: _released, ...uses } = state.uses;
      return { ...state, uses };
    }
    default: {
      const never: never = event;
      return never;
    }
  }
}
