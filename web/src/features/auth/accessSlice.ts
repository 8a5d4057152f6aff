import { createSlice } from '@reduxjs/toolkit';
import { authApi } from './authApi';

interface AccessState {
  /** A back-office screen was shown to this page's signed-in staff member. */
  staffScreenShown: boolean;
}

const initialState: AccessState = { staffScreenShown: false };

/**
 * Whether this page has shown a back-office screen to someone signed in: when that login is disabled (or its
 * session ends elsewhere), the open screen says the access has ended rather than asking a stranger to log in
 * (issue 38). Signing in or out on this page starts afresh.
 */
export const accessSlice = createSlice({
  name: 'access',
  initialState,
  reducers: {
    staffScreenShown(state) {
      state.staffScreenShown = true;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(authApi.endpoints.logout.matchPending, (state) => void (state.staffScreenShown = false));
    builder.addMatcher(authApi.endpoints.login.matchFulfilled, (state) => void (state.staffScreenShown = false));
    builder.addMatcher(authApi.endpoints.loginCode.matchFulfilled, (state) => void (state.staffScreenShown = false));
  },
  selectors: {
    selectStaffScreenShown: (state) => state.staffScreenShown,
  },
});

export const { staffScreenShown } = accessSlice.actions;
export const { selectStaffScreenShown } = accessSlice.selectors;
