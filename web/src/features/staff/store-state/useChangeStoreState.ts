import { useAppDispatch } from '../../../app/hooks';
import { NO_LIVE_KEYS_CODE, NO_LIVE_KEYS_DIALOG } from '../../../../../src/shared/live-keys';
import { showDialog } from '../../dialog/dialogSlice';
import type { StoreState } from '../../store-status/storeState';
import { storeStateChanged } from '../../store-status/storeStatusApi';
import { useStaffLogErrorMutation, useStaffLogInfoMutation } from '../staffLogApi';
import { useChangeStoreStateMutation } from './storeStateApi';

/** Staff spec §4: once the server confirms, the state is set here and the change logged; a failure is shown and logged. */
export function useChangeStoreState() {
  const [change, { isLoading }] = useChangeStoreStateMutation();
  const [logInfo] = useStaffLogInfoMutation();
  const [logError] = useStaffLogErrorMutation();
  const dispatch = useAppDispatch();

  const changeTo = async (state: StoreState): Promise<boolean> => {
    try {
      await change(state).unwrap();
      storeStateChanged(dispatch, state);
      void logInfo({ message: `Store status changed to ${state}` });
      return true;
    } catch (error) {
      // Staff spec §8: the server refuses an opening without the live update keys (issue 30 item 1).
      const noKeys = (error as { data?: { code?: unknown } } | null)?.data?.code === NO_LIVE_KEYS_CODE;
      const message = noKeys ? NO_LIVE_KEYS_DIALOG : `ERROR changing store status (to ${state})`;
      dispatch(showDialog({ title: 'Error', message, look: 'error' }));
      void logError({ message, error: JSON.stringify(error).slice(0, 4000) });
      return false;
    }
  };

  return { changeTo, isChanging: isLoading };
}
