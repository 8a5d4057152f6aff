import type { Projection } from '../src/projections/types';
import { auditProjection } from './audit/projection';

/** Every read model the shop runs. */
export function allProjections(): Projection[] {
  return [auditProjection()];
}
