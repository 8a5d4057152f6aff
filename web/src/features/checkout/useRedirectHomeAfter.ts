import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { REDIRECT_HOME_MS } from '../../app/timings';
import { closeDialogShowing, showDialog, type DialogContent } from '../dialog/dialogSlice';

/**
 * While `active`, shows `notice` in the dialog and goes home 5 s later, closing it. Pass a notice that keeps its
 * identity between renders (a module constant).
 */
export function useRedirectHomeAfter(active: boolean, notice?: DialogContent): void {
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (!active) return;
    if (notice) dispatch(showDialog(notice));
    const timer = setTimeout(() => {
      if (notice) dispatch(closeDialogShowing(notice));
      navigate('/');
    }, REDIRECT_HOME_MS);
    return () => clearTimeout(timer);
  }, [active, notice, dispatch, navigate]);
}
