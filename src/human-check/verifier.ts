import { createHmac } from 'node:crypto';
import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { SolvedChallenges } from './solved-challenges';

/** How hard the proof of work is: PBKDF2 iterations per try, and the largest number a browser may have to try. */
export interface WorkFactor {
  cost: number;
  maxNumber: number;
}

const ALGORITHM = 'PBKDF2/SHA-256';
const LIFETIME_SECONDS = 10 * 60;
/**
 * The challenge's expiry, in its signed data rather than as ALTCHA's own `expiresAt`: altcha-lib checks that one
 * against the machine's time, and the shop's clock (injected, as every rule's) is what decides.
 */
const EXPIRES_AT = 'expires';

const payloadSchema = z.strictObject({
  challenge: z.strictObject({
    parameters: z.looseObject({
      algorithm: z.literal(ALGORITHM),
      nonce: z.string().max(200),
      data: z.strictObject({ [EXPIRES_AT]: z.number().int() }),
    }),
    signature: z.string().max(200),
  }),
  solution: z.looseObject({ counter: z.number().int().min(0), derivedKey: z.string().max(200) }),
});

/**
 * A human check without a third party (issue 13): an ALTCHA proof of work the browser solves in a few seconds
 * and a script flooding guesses must solve for every one. Built on its own so the login, the contact form and
 * registration share it. A solved challenge is accepted once, on any instance (`solved`, in Postgres, keeps
 * each until it expires), and only until its expiry, which its signature covers.
 */
export function createHumanCheck(options: { secret: string; work: WorkFactor; now: () => Date; solved: SolvedChallenges }) {
  // Separate keys for the challenge and for the derived key, both from the shop's secret.
  const hmacSignatureSecret = createHmac('sha256', options.secret).update('human-check challenge').digest('hex');
  const hmacKeySignatureSecret = createHmac('sha256', options.secret).update('human-check key').digest('hex');

  return {
    /** A fresh signed challenge, as the ALTCHA widget (or altcha-lib's solveChallenge) expects it. */
    async challenge(): Promise<Challenge> {
      return createChallenge({
        algorithm: ALGORITHM,
        cost: options.work.cost,
        counter: randomInt(options.work.maxNumber),
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
        data: { [EXPIRES_AT]: Math.floor(options.now().getTime() / 1000) + LIFETIME_SECONDS },
      });
    },

    /** True once for a solved, unexpired challenge of ours: the payload is base64 JSON, as the widget sends it. */
    async verify(payload: unknown): Promise<boolean> {
      if (typeof payload !== 'string' || payload.length > 4000) return false;
      let parsed: z.infer<typeof payloadSchema>;
      try {
        parsed = payloadSchema.parse(JSON.parse(Buffer.from(payload, 'base64').toString('utf8')));
      } catch {
        return false;
      }
      const now = options.now();
      const { nonce, data } = parsed.challenge.parameters;
      const expiresAt = data[EXPIRES_AT];
      if (expiresAt < Math.floor(now.getTime() / 1000)) return false;
      const result = await verifySolution({
        challenge: parsed.challenge as unknown as Challenge,
        solution: parsed.solution,
        deriveKey,
        hmacSignatureSecret,
        hmacKeySignatureSecret,
      });
      // Claimed only once verified: a forged payload must not use up the nonce of a real challenge.
      return result.verified && (await options.solved.claim(nonce, new Date(expiresAt * 1000), now));
    },
  };
}

export type HumanCheck = ReturnType<typeof createHumanCheck>;
