import type { Context } from 'koa';
import type { DeliveryCheck } from './service';

/**
 * The session's last checked postcode and its distance: kept for the delivery charge and the order, since the
 * customer never tells us the distance. Only this module reads or writes the session key.
 */
export function lastDeliveryCheck(ctx: Context): DeliveryCheck | undefined {
  const check = ctx.session?.deliveryCheck as DeliveryCheck | undefined;
  return check && typeof check.postcode === 'string' && typeof check.miles === 'number' ? check : undefined;
}

export function rememberDeliveryCheck(ctx: Context, check: DeliveryCheck): void {
  ctx.session!.deliveryCheck = check;
}

/** After checkout the next basket starts with no postcode checked. */
export function forgetDeliveryCheck(ctx: Context): void {
  if (ctx.session) delete ctx.session.deliveryCheck;
}
