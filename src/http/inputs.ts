import { z } from 'zod';

/** For calls that take no input: anything sent is refused rather than ignored (security check 10). */
export const noInput = z.strictObject({});
