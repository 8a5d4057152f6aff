import { useEffect, useState } from 'react';
import { parseKitchenPostcode } from '../../../../../src/shared/postcode';
import { useKitchenPostcodeVerdictQuery } from './takeawaySettingsApi';

export type PostcodeCheckState = 'waiting' | 'blank' | 'invalid' | 'checking' | 'ok' | 'not-ok';

export interface PostcodeCheck {
  state: PostcodeCheckState;
  message: string;
}

const CHECK_AFTER_MS = 500;

/** Staff spec §4-5: checks the kitchen postcode 500 ms after typing stops, by pattern and then on the server. */
export function usePostcodeCheck(postcode: string): PostcodeCheck {
  const [settled, setSettled] = useState(postcode);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(postcode), CHECK_AFTER_MS);
    return () => clearTimeout(timer);
  }, [postcode]);

  const candidate = settled.trim();
  const typing = settled !== postcode;
  const wellFormed = parseKitchenPostcode(candidate) !== null;
  const verdict = useKitchenPostcodeVerdictQuery(candidate, { skip: typing || !wellFormed });

  if (typing) return { state: 'waiting', message: 'Waiting for you to stop typing...' };
  if (candidate === '') return { state: 'blank', message: "Can't check delivery distance" };
  if (!wellFormed) return { state: 'invalid', message: ' ... incomplete or invalid postcode' };
  if (verdict.isFetching) return { state: 'checking', message: 'Checking the postcode...' };
  if (!verdict.data) return { state: 'not-ok', message: "Can't check delivery distance" };
  return { state: verdict.data.ok ? 'ok' : 'not-ok', message: verdict.data.message };
}
