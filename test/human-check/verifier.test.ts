import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { createHumanCheck, type SolvedChallenges } from '../../src/human-check';

/** Claims kept in memory: this test is about expiry, which the verifier decides before any claim. */
function claimsInMemory(): SolvedChallenges {
  const claimed = new Set<string>();
  return { claim: async (nonce) => !claimed.has(nonce) && Boolean(claimed.add(nonce)) };
}

async function solved(humanCheck: ReturnType<typeof createHumanCheck>): Promise<string> {
  const challenge = await humanCheck.challenge();
  const solution = await solveChallenge({ challenge, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

/**
 * A challenge lives 10 minutes of the shop's clock, not of the machine's: a shop whose injected clock is days
 * behind (every test on a fixed date) or ahead of the machine's accepts and refuses exactly as one on time.
 */
describe.each([
  ['six days behind', -6 * 24 * 3600_000],
  ['on time', 0],
  ['a year ahead', 365 * 24 * 3600_000],
])("the human check on a shop clock %s of the machine's", (_name, offsetMs) => {
  let now = new Date(Date.now() + offsetMs);
  const humanCheck = createHumanCheck({ secret: 'verifier-test-secret-0123456789', work: { cost: 1, maxNumber: 50 }, now: () => now, solved: claimsInMemory() });

  it('accepts a solved challenge once, within its 10 minutes', async () => {
    const payload = await solved(humanCheck);
    now = new Date(now.getTime() + 9 * 60_000);
    expect(await humanCheck.verify(payload)).toBe(true);
    expect(await humanCheck.verify(payload)).toBe(false);
  });

  it('refuses one solved more than 10 minutes ago', async () => {
    const payload = await solved(humanCheck);
    now = new Date(now.getTime() + 11 * 60_000);
    expect(await humanCheck.verify(payload)).toBe(false);
  });
});
