import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { isServerAnswer } from '../../app/serverMessage';
import { TYPING_PAUSE_MS } from '../../app/timings';
import { useDebouncedValue } from '../../app/useDebouncedValue';
import { usePostcodeDistanceQuery, type PostcodeCheck } from './deliveryApi';
import { CHECKER_INVALID, parsePostcode } from '../../../../src/shared/postcode';

export interface PostcodeChecking {
  text: string;
  setText: (text: string) => void;
  /** Spec §2 "Postcode checker": the status line. */
  statusText: string;
  /** The server's answer for what is typed now; undefined while there is none. */
  check: PostcodeCheck | undefined;
}

/** Spec §4 "Postcode checker": a check 500 ms after typing stops; an invalid format never reaches the server. */
export function usePostcodeCheck(): PostcodeChecking {
  const [text, setText] = useState('');
  const settled = useDebouncedValue(text, TYPING_PAUSE_MS);
  const typing = text !== settled;
  const postcode = typing ? null : parsePostcode(settled);
  // A fresh request for every new postcode: the server remembers the last one checked for the delivery charge.
  const query = usePostcodeDistanceQuery(postcode ?? skipToken, { refetchOnMountOrArgChange: true });
  const check = postcode && !query.isFetching ? query.currentData : undefined;

  let statusText: string;
  if (text.trim() === '') statusText = '... waiting for your postcode';
  else if (typing) statusText = 'Waiting for you to stop typing...';
  else if (!postcode) statusText = CHECKER_INVALID;
  else if (query.isFetching) statusText = 'Checking...';
  else if (query.isError) {
    statusText = isServerAnswer(query.error)
      ? 'there was a PROBLEM calculating the distance try again'
      : ' ERROR calculating distance ? try again with a valid postcode';
  } else if (check) statusText = `${check.miles} miles from kitchen`;
  else statusText = 'Checking...';

  return { text, setText, statusText, check };
}
