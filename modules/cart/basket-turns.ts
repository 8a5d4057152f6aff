/**
 * One change at a time per basket (or per any key: modules/cart/address-holds.ts takes one add at a time per
 * client address with it), in this process. A move decides on facts read just before it (what the
 * basket holds of other dishes, for the caps; whether it is at the checkout): two parallel adds of different
 * dishes would otherwise both read 39 units and both pass a cap of 40, and an add could slip in between
 * reading a basket for its order and freezing it. The shop runs as one process per restaurant (or behind
 * sticky sessions), so a customer's requests all come through here. An idle basket costs one resolved
 * promise per change; nothing is kept once its queue is empty.
 */
export class BasketTurns {
  private readonly tails = new Map<string, Promise<void>>();

  run<T>(cartId: string, work: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(cartId);
    const result = previous ? previous.then(work) : work();
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(cartId, tail);
    void tail.then(() => {
      if (this.tails.get(cartId) === tail) this.tails.delete(cartId);
    });
    return result;
  }
}
