import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { ALLERGENS, type Allergen } from '../../../../src/shared/allergens';
import { recall, remember } from '../../app/deviceMemory';

/** Remembered on the device (issue 16): a customer with an allergy sets it once. */
export const ALLERGEN_FILTER_KEY = 'allergen-filter';

/** What this device remembers; read after the first render, which must match the server's (no filter). */
export function rememberedAllergens(): Allergen[] {
  try {
    const stored = JSON.parse(recall(ALLERGEN_FILTER_KEY) ?? '[]') as unknown;
    return Array.isArray(stored) ? ALLERGENS.filter((allergen) => stored.includes(allergen)) : [];
  } catch {
    return []; // what was stored is not a list: none remembered
  }
}

/** Refused storage makes the filter last for this visit. */
const rememberExcluded = (excluded: Allergen[]): void => remember(ALLERGEN_FILTER_KEY, JSON.stringify(excluded));

/**
 * The allergens the customer hides dishes for ("hide dishes containing ..."). None at first: the page's first
 * render is the server's (src/shared/first-screen.ts), and main.tsx applies what the device remembers after it.
 */
export const allergenFilterSlice = createSlice({
  name: 'allergenFilter',
  initialState: { excluded: [] as Allergen[] },
  reducers: {
    allergensRemembered(state, action: PayloadAction<Allergen[]>) {
      state.excluded = action.payload;
    },
    setAllergenExcluded(state, action: PayloadAction<{ allergen: Allergen; excluded: boolean }>) {
      const { allergen, excluded } = action.payload;
      state.excluded = ALLERGENS.filter((candidate) => (candidate === allergen ? excluded : state.excluded.includes(candidate)));
      rememberExcluded(state.excluded);
    },
  },
  selectors: {
    selectExcludedAllergens: (state) => state.excluded,
  },
});

export const { setAllergenExcluded, allergensRemembered } = allergenFilterSlice.actions;
export const { selectExcludedAllergens } = allergenFilterSlice.selectors;
