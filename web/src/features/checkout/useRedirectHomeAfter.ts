import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { REDIRECT_HOME_MS } from '../../app/timings';
import { closeDialogShowing, showDialog, type DialogContent } from '../dialog/dialogSlice';
import { useDialogShownAndGone } from '../dialog/useDialogShownAndGone';

/**
 * While `active`, shows `notice` for 5 s and then goes home. The 5 s start when the notice shows: if older
 * dialogs wait before it, the page stays until the customer has read them and the notice has had its time.
 * Without a notice it goes home 5 s after becoming active. Pass a notice that keeps its identity between renders
 * (a module constant).
 */
export function useRedirectHomeAfter(active: boolean, notice?: DialogContent): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const noticeGone = useDialogShownAndGone(active, notice);

  useEffect(() => {
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
    if (active && noticeGone) navigate('/');
  }, [active, noticeGone, navigate]);
}
