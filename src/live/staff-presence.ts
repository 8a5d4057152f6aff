import type { Clock } from '../core/clock';

/**
 * When a staff screen last followed the live orders (the `orders` channel), for "no unattended kitchen"
 * (modules/order's kitchenAttended). Kept in this process's memory, counted by the hub as screens attach and
 * leave: a screen holds its stream open, so "connected now" needs no writes, and a restart knows of no screen
 * until one reconnects, which the screens do within seconds (SSE retry), so card is refused only briefly.
 * With several instances each knows only its own screens; docs/kitchen.md says so (a shared table would be next).
 */
export class StaffPresence {
  private screens = 0;
  private lastLeftAt: Date | null = null;

  constructor(private readonly clock: Clock) {}

  /** A staff screen attached to the live orders. */
  connected(): void {
    this.screens += 1;
  }

  /** A staff screen's stream ended. */
  disconnected(): void {
    this.screens = Math.max(0, this.screens - 1);
    this.lastLeftAt = this.clock();
  }

  /** Now while a screen is connected, else when the last one left; null when none has been since the start. */
  lastSeenAt(): string | null {
    if (this.screens > 0) return this.clock().toISOString();
    return this.lastLeftAt?.toISOString() ?? null;
  }
}
