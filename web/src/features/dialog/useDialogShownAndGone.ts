import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../app/hooks';
import { sameDialog, selectDialogQueue, type DialogContent } from './dialogSlice';

/**
 * True once `dialog` (asked for while `asked`) has been in the queue and has left it: read and closed, or timed
 * out after it showed. What a page does "after the dialog" waits for this, not for a fixed time.
 */
export function useDialogShownAndGone(asked: boolean, dialog: DialogContent | undefined): boolean {
  const queued = useAppSelector((state) => (dialog ? selectDialogQueue(state).some((queuedDialog) => sameDialog(queuedDialog, dialog)) : false));
  const seenQueued = useRef(false);
  const [gone, setGone] = useState(false);

  useEffect(() => {
    if (!asked) {
      seenQueued.current = false;
      setGone(false);
      return;
    }
    if (queued) seenQueued.current = true;
    else if (seenQueued.current) setGone(true);
  }, [asked, queued]);

  return gone;
}
