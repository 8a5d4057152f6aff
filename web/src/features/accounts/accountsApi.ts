import { api } from '../../app/api';
import type { StaffRole } from '../../../../src/shared/roles';

export type { StaffRole };

export interface Person {
  id: string;
  email: string;
  role: StaffRole;
  status: 'invited' | 'active' | 'disabled';
  totpEnabled: boolean;
  invitedUntil: string | null;
  lastLoginAt: string | null;
}

export interface Invitation {
  email: string;
  role: StaffRole;
  expiresAt: string;
  passwordRules: string;
}

interface Done {
  status: true;
  message?: string;
}

export const accountsApi = api.injectEndpoints({
  endpoints: (build) => ({
    people: build.query<Person[], void>({
      query: () => '/api/accounts',
      transformResponse: (answer: { people: Person[] }) => answer.people,
      providesTags: ['Accounts'],
    }),
    invite: build.mutation<Done, { email: string; role: StaffRole }>({
      query: (body) => ({ url: '/api/accounts/invite', method: 'POST', body }),
      invalidatesTags: ['Accounts'],
    }),
    changeRole: build.mutation<Done, { id: string; role: StaffRole }>({
      query: ({ id, role }) => ({ url: `/api/accounts/${id}/role`, method: 'POST', body: { role } }),
      invalidatesTags: ['Accounts'],
    }),
    setActive: build.mutation<Done, { id: string; active: boolean }>({
      query: ({ id, active }) => ({ url: `/api/accounts/${id}/${active ? 'enable' : 'disable'}`, method: 'POST', body: {} }),
      invalidatesTags: ['Accounts'],
    }),
    turnOffTheirTotp: build.mutation<Done, string>({
      query: (id) => ({ url: `/api/accounts/${id}/totp-off`, method: 'POST', body: {} }),
      invalidatesTags: ['Accounts'],
    }),
    confirmPassword: build.mutation<Done, string>({
      query: (password) => ({ url: '/api/account/confirm-password', method: 'POST', body: { password } }),
    }),
    changePassword: build.mutation<Done, { current_password: string; new_password: string }>({
      query: (body) => ({ url: '/api/account/password', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    invitation: build.query<Invitation, string>({
      query: (token) => `/api/invitation/${encodeURIComponent(token)}`,
    }),
    /** Sets the password and signs the new login in (issue 38 item 7): the answer carries the user. */
    acceptInvitation: build.mutation<Done & { user: { role: StaffRole } }, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `/api/invitation/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      invalidatesTags: ['Me'],
    }),
    startTotp: build.mutation<{ secret: string; uri: string }, void>({
      query: () => ({ url: '/api/account/totp/start', method: 'POST', body: {} }),
    }),
    confirmTotp: build.mutation<Done, string>({
      query: (code) => ({ url: '/api/account/totp/confirm', method: 'POST', body: { code } }),
      invalidatesTags: ['Me'],
    }),
    turnOffTotp: build.mutation<Done, void>({
      query: () => ({ url: '/api/account/totp/off', method: 'POST', body: {} }),
      invalidatesTags: ['Me'],
    }),
  }),
});

export const {
  usePeopleQuery,
  useInviteMutation,
  useChangeRoleMutation,
  useSetActiveMutation,
  useTurnOffTheirTotpMutation,
  useConfirmPasswordMutation,
  useChangePasswordMutation,
  useInvitationQuery,
  useAcceptInvitationMutation,
  useStartTotpMutation,
  useConfirmTotpMutation,
  useTurnOffTotpMutation,
} = accountsApi;
