import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

interface CategoryFilterState {
  hiddenCategoryIds: number[];
}

const initialState: CategoryFilterState = { hiddenCategoryIds: [] };

/** Which categories the shopper has toggled off; every category shows at first. */
export const categoryFilterSlice = createSlice({
  name: 'categoryFilter',
  initialState,
  reducers: {
    toggleCategory(state, action: PayloadAction<number>) {
      const id = action.payload;
      state.hiddenCategoryIds = state.hiddenCategoryIds.includes(id)
        ? state.hiddenCategoryIds.filter((hidden) => hidden !== id)
        : [...state.hiddenCategoryIds, id];
    },
    showAllCategories(state) {
      state.hiddenCategoryIds = [];
    },
  },
  selectors: {
    selectHiddenCategoryIds: (state) => state.hiddenCategoryIds,
  },
});

export const { toggleCategory, showAllCategories } = categoryFilterSlice.actions;
export const { selectHiddenCategoryIds } = categoryFilterSlice.selectors;
