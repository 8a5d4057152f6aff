import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ALLERGENS, type Allergen } from '../../../../src/shared/allergens';

/** Remembered on the device (issue 16): a customer with an allergy sets it once. */
export const ALLERGEN_FILTER_KEY = 'allergen-filter';

function remembered(): Allergen[] {
  try {
    const stored = JSON.parse(localStorage.getItem(ALLERGEN_FILTER_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? ALLERGENS.filter((allergen) => stored.includes(allergen)) : [];
  } catch {
    return [];
  }
}

function remember(excluded: Allergen[]): void {
  try {
    localStorage.setItem(ALLERGEN_FILTER_KEY, JSON.stringify(excluded));
  } catch {
    // Private browsing may refuse storage: the filter then lasts for this visit.
  }
}

/** The allergens the customer hides dishes for ("hide dishes containing ..."). */
export const allergenFilterSlice = createSlice({
  name: 'allergenFilter',
  initialState: () => ({ excluded: remembered() }),
  reducers: {
    setAllergenExcluded(state, action: PayloadAction<{ allergen: Allergen; excluded: boolean }>) {
      const { allergen, excluded } = action.payload;
      state.excluded = ALLERGENS.filter((candidate) => (candidate === allergen ? excluded : state.excluded.includes(candidate)));
      remember(state.excluded);
    },
  },
  selectors: {
    selectExcludedAllergens: (state) => state.excluded,
  },
});

export const { setAllergenExcluded } = allergenFilterSlice.actions;
export const { selectExcludedAllergens } = allergenFilterSlice.selectors;
