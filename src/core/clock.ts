/** Time comes from here, never from `new Date()` in domain code, so tests set "now" instead of sleeping. */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
