import { useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { sameDialog, selectDialogQueue, type DialogContent } from './dialogSlice';

/**
 * True once `dialog` (asked for while `asked`) has been in the queue and has left it: read and closed, or timed
 * out after it showed. What a page does "after the dialog" waits for this, not for a fixed time.
 */
export function useDialogShownAndGone(asked: boolean, dialog: DialogContent | undefined): boolean {
  const queued = useAppSelector((state) => (dialog ? selectDialogQueue(state).some((queuedDialog) => sameDialog(queuedDialog, dialog)) : false));
  // Remembered from earlier renders (React's "storing information from previous renders"), not in an effect.
  const [seenQueued, setSeenQueued] = useState(false);
  if (asked && queued && !seenQueued) setSeenQueued(true);
  if (!asked && seenQueued) setSeenQueued(false);
  return asked && seenQueued && !queued;
}
