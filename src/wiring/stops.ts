import type { Logger } from 'pino';

/** What the shop started, stopped in reverse (on stop, or when a later start step fails); each step once. */
export function createStops(logger: Logger) {
  const steps: Array<() => Promise<void>> = [];
  return {
    add(step: () => Promise<void>): void {
      steps.push(step);
    },
    async stopAll(): Promise<void> {
      for (const step of steps.splice(0).reverse()) await step().catch((error) => logger.error({ err: error }, 'stop step failed'));
    },
  };
}

export type Stops = ReturnType<typeof createStops>;
