import { uuidFromName } from '../../../src/core/uuid';

/** Order ids derive from the basket: saving one basket twice, in two tabs or by a retry, is one order. */
const ORDER_NAMESPACE = '6f1c1f0e-8a39-4a4b-9a52-2f0d8a7b3c11';
export const orderIdFor = (cartId: string) => uuidFromName(ORDER_NAMESPACE, cartId);
