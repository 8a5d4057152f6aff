import request from 'supertest';
import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/** Does what the web app does when asked for a human check: fetch a challenge, solve it, send the payload. */
export async function solveHumanCheck(baseUrl: string, from?: string): Promise<string> {
  const ask = request(baseUrl).get('/api/human-check');
  // A shop behind a proxy (TRUSTED_PROXY_HOPS) knows the client by this header, and a challenge is for its client.
  const answer = await (from ? ask.set('X-Forwarded-For', from) : ask).expect(200);
  const challenge = answer.body as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('could not solve the human check');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}
