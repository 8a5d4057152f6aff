import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** error: red, success: green, info: neutral blue. */
export type DialogLook = 'error' | 'success' | 'info';

export interface DialogContent {
  title: string;
  message: string;
  look: DialogLook;
}

interface DialogState {
  open: DialogContent | null;
}

const initialState: DialogState = { open: null };

/** The one modal dialog every error and notice of the shop goes through. A new dialog replaces the open one. */
export const dialogSlice = createSlice({
  name: 'dialog',
  initialState,
  reducers: {
    showDialog(state, action: PayloadAction<DialogContent>) {
      state.open = action.payload;
    },
    closeDialog(state) {
      state.open = null;
    },
    /** Closes the dialog only while it still shows this content (a timed notice must not close a newer one). */
    closeDialogShowing(state, action: PayloadAction<DialogContent>) {
      const open = state.open;
      if (open && open.title === action.payload.title && open.message === action.payload.message) state.open = null;
    },
  },
  selectors: {
    selectOpenDialog: (state) => state.open,
  },
});

export const { showDialog, closeDialog, closeDialogShowing } = dialogSlice.actions;
export const { selectOpenDialog } = dialogSlice.selectors;
