import type { Role } from '../../../../src/shared/roles';
import { api } from '../../app/api';

export type { Role };

export interface User {
  id: string;
  email: string;
  role: Role;
  /** The admin made at first start with a generated password, until they choose their own. */
  mustChangePassword: boolean;
  totpEnabled: boolean;
}

export interface Credentials {
  email: string;
  password: string;
  /** A solved human check, sent when the server asked for one (HUMAN_CHECK_REQUIRED). */
  human_check?: string;
}

interface MeAnswer {
  status: true;
  user: User | null;
}

/** With one-time codes on, the password alone answers `codeRequired`; the code then signs in. */
type LoginAnswer = { status: true; user: User } | { status: true; codeRequired: true };
export type LoginResult = { user: User } | { codeRequired: true };

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User | null, void>({
      query: () => '/api/me',
      transformResponse: (answer: MeAnswer) => answer.user,
      providesTags: ['Me'],
    }),
    login: build.mutation<LoginResult, Credentials>({
      query: (credentials) => ({ url: '/api/login', method: 'POST', body: credentials }),
      transformResponse: (answer: LoginAnswer) => ('user' in answer ? { user: answer.user } : { codeRequired: true }),
      // The basket belongs to the session, which signing in or out may replace.
      invalidatesTags: ['Me', 'Cart'],
    }),
    loginCode: build.mutation<LoginResult, string>({
      query: (code) => ({ url: '/api/login/code', method: 'POST', body: { code } }),
      transformResponse: (answer: { user: User }) => ({ user: answer.user }),
      // The basket belongs to the session, which signing in or out may replace.
      invalidatesTags: ['Me', 'Cart'],
    }),
    /** A customer signs up (issue 33): the answer is the same whether the address had an account or not. */
    register: build.mutation<{ message: string }, Credentials>({
      query: (credentials) => ({ url: '/api/customer/register', method: 'POST', body: credentials }),
    }),
    /** Follows the link mailed at sign-up. */
    verifyEmail: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: '/api/customer/verify', method: 'POST', body: { token } }),
    }),
    /** Asks for a forgotten-password link: the answer is the same whether the address has an account or not. */
    forgotPassword: build.mutation<{ message: string }, { email: string; human_check?: string }>({
      query: (body) => ({ url: '/api/customer/forgot-password', method: 'POST', body }),
    }),
    resetPassword: build.mutation<{ message: string }, { token: string; password: string }>({
      query: (body) => ({ url: '/api/customer/reset-password', method: 'POST', body }),
      invalidatesTags: ['Me'],
    }),
    /** A signed-in customer asks to move the account to another address (a link goes there). */
    changeEmail: build.mutation<{ message: string }, { email: string; password: string }>({
      query: (body) => ({ url: '/api/account/email', method: 'POST', body }),
    }),
    confirmEmailChange: build.mutation<{ message: string }, string>({
      query: (token) => ({ url: '/api/customer/confirm-email', method: 'POST', body: { token } }),
      invalidatesTags: ['Me'],
    }),
    /** Everything the shop holds about the signed-in customer, as the JSON file they keep (after a step-up). */
    myData: build.mutation<unknown, void>({
      query: () => ({ url: '/api/account/my-data', method: 'GET' }),
    }),
    /** Closes the customer's account and erases their details; the page then leaves with a full reload. */
    closeAccount: build.mutation<{ message: string }, void>({
      query: () => ({ url: '/api/account/close', method: 'POST', body: { confirm: true } }),
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/logout', method: 'POST' }),
      invalidatesTags: ['Me', 'Cart'],
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLoginCodeMutation, useLogoutMutation, useRegisterMutation, useVerifyEmailMutation, useForgotPasswordMutation, useResetPasswordMutation, useChangeEmailMutation, useConfirmEmailChangeMutation, useMyDataMutation, useCloseAccountMutation } = authApi;
