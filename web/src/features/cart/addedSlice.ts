import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** The last dish added to the basket, so the page can say so (issue 32: every add is seen and heard). */
interface AddedState {
  name: string | null;
  /** Counts the adds, so the same dish added twice is told twice. */
  count: number;
}

export const addedSlice = createSlice({
  name: 'added',
  initialState: { name: null, count: 0 } as AddedState,
  reducers: {
    dishAdded(state, action: PayloadAction<string>) {
      state.name = action.payload;
      state.count += 1;
    },
  },
  selectors: {
    selectLastAdded: (state) => state,
  },
});

export const { dishAdded } = addedSlice.actions;
export const { selectLastAdded } = addedSlice.selectors;
