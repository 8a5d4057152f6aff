import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * Fetches an ALTCHA challenge from the shop and solves it (WebCrypto PBKDF2, asynchronous, so the page stays
 * responsive): the base64 payload a form sends when the server asks for a human check. Any form may use it.
 */
export async function solveHumanCheck(): Promise<string> {
  const response = await fetch('/api/human-check', { credentials: 'same-origin', cache: 'no-store' });
  if (!response.ok) throw new Error('The human check could not be loaded');
  const challenge = (await response.json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('The human check could not be solved');
  return btoa(JSON.stringify({ challenge, solution }));
}
