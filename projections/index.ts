import type { Projection } from '../src/projections/types';
import { auditProjection } from './audit/projection';
import { cartsProjection } from './carts/projection';
import { menuProjection } from './menu/projection';
import { settingsProjection } from './settings/projection';
import { ordersProjection } from './orders/projection';

/** Every read model the shop runs. */
export function allProjections(): Projection[] {
  return [auditProjection(), menuProjection, cartsProjection, settingsProjection, ordersProjection];
}
