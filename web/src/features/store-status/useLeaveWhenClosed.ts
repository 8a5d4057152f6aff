import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '../../app/hooks';
import { closeDialogShowing, showDialog, type DialogContent } from '../dialog/dialogSlice';
import type { StoreState } from './storeState';
import { CLOSED_NOTICE } from '../../../../src/shared/store-status';

const LEAVE_PATHS = ['/checkout', '/manageCart'];
const LEAVE_AFTER_MS = 5000;

// The same words (and title) as the basket and checkout pages' own notice, so the two show as one dialog.
const CLOSED_DIALOG: DialogContent = {
  title: 'Sorry',
  message: CLOSED_NOTICE,
  look: 'info',
};

/** Staff spec §2: when the store closes, a user on the basket or checkout page is told so and sent home 5 s later. */
export function useLeaveWhenClosed(state: StoreState | null): void {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const mustLeave = state === 'closed' && LEAVE_PATHS.includes(pathname);

  useEffect(() => {
    if (!mustLeave) return;
    dispatch(showDialog(CLOSED_DIALOG));
    const timer = setTimeout(() => navigate('/'), LEAVE_AFTER_MS);
    return () => {
      clearTimeout(timer);
      dispatch(closeDialogShowing(CLOSED_DIALOG));
    };
  }, [mustLeave, dispatch, navigate]);
}
