import type { Projection } from '../src/projections/types';
import { auditProjection } from './audit/projection';

/** Event types recorded in the audit log; modules add theirs as they arrive. */
export const AUDITED_EVENT_TYPES: readonly string[] = [];

/** Every read model the shop runs. */
export function allProjections(): Projection[] {
  return [auditProjection(AUDITED_EVENT_TYPES)];
}
