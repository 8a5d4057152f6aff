import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** error: red, success: green, info: neutral blue. */
export type DialogLook = 'error' | 'success' | 'info';

/** How each look colours a dialog's header (the shop's dialog and the pop-up of a marked link alike). */
export const DIALOG_HEADER_CLASS: Record<DialogLook, string> = {
  error: 'bg-danger text-white',
  success: 'bg-success text-white',
  info: 'bg-info-subtle',
};

export interface DialogContent {
  title: string;
  message: string;
  look: DialogLook;
  /** Closes itself this long after it becomes visible (not after it was asked for: it may wait in the queue). */
  autoCloseMs?: number;
}

interface DialogState {
  /** The first is showing; the others wait their turn. */
  queue: DialogContent[];
}

const initialState: DialogState = { queue: [] };

export const sameDialog = (a: DialogContent, b: DialogContent) => a.title === b.title && a.message === b.message && a.look === b.look;

/**
 * The one modal dialog every error and notice of the shop goes through. Dialogs queue: a newer one never hides
 * an older one that has not been read; the same dialog asked for again while it waits or shows is not doubled.
 */
export const dialogSlice = createSlice({
  name: 'dialog',
  initialState,
  reducers: {
    showDialog(state, action: PayloadAction<DialogContent>) {
      if (!state.queue.some((queued) => sameDialog(queued, action.payload))) state.queue.push(action.payload);
    },
    /** The reader closed the dialog showing: the next one in the queue shows. */
    closeDialog(state) {
      state.queue.shift();
    },
    /** Takes this dialog away, showing or still waiting (a timed notice, or one whose reason has passed). */
    closeDialogShowing(state, action: PayloadAction<DialogContent>) {
      const index = state.queue.findIndex((queued) => sameDialog(queued, action.payload));
      if (index >= 0) state.queue.splice(index, 1);
    },
  },
  selectors: {
    selectOpenDialog: (state) => state.queue[0] ?? null,
    selectDialogQueue: (state) => state.queue,
  },
});

export const { showDialog, closeDialog, closeDialogShowing } = dialogSlice.actions;
export const { selectOpenDialog, selectDialogQueue } = dialogSlice.selectors;
