import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { REDIRECT_HOME_MS } from '../../app/timings';
import { closeDialogShowing, sameDialog, selectDialogQueue, showDialog, type DialogContent } from '../dialog/dialogSlice';

/**
 * While `active`, shows `notice` for 5 s and then goes home. The 5 s start when the notice shows: if older
 * dialogs wait before it, the page stays until the customer has read them and the notice has had its time.
 * Without a notice it goes home 5 s after becoming active. Pass a notice that keeps its identity between renders
 * (a module constant).
 */
export function useRedirectHomeAfter(active: boolean, notice?: DialogContent): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const queued = useAppSelector((state) => (notice ? selectDialogQueue(state).some((dialog) => sameDialog(dialog, notice)) : false));
  const seenQueued = useRef(false);

  useEffect(() => {
    seenQueued.current = false;
    if (!active) return;
    if (!notice) {
      const timer = setTimeout(() => navigate('/'), REDIRECT_HOME_MS);
      return () => clearTimeout(timer);
    }
    dispatch(showDialog({ ...notice, autoCloseMs: REDIRECT_HOME_MS }));
    return () => {
      dispatch(closeDialogShowing(notice));
    };
  }, [active, notice, dispatch, navigate]);

  useEffect(() => {
    if (!active || !notice) return;
    if (queued) seenQueued.current = true;
    else if (seenQueued.current) navigate('/');
  }, [active, notice, queued, navigate]);
}
