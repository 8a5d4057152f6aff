import { api } from '../../app/api';

export type Role = 'customer' | 'staff' | 'manager' | 'admin';

export interface User {
  id: string;
  email: string;
  role: Role;
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

interface LoginAnswer {
  status: true;
  user: User;
}

export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    me: build.query<User | null, void>({
      query: () => '/api/me',
      transformResponse: (answer: MeAnswer) => answer.user,
      providesTags: ['Me'],
    }),
    login: build.mutation<User, Credentials>({
      query: (credentials) => ({ url: '/api/login', method: 'POST', body: credentials }),
      transformResponse: (answer: LoginAnswer) => answer.user,
      // The basket belongs to the session, which signing in or out may replace.
      invalidatesTags: ['Me', 'Cart'],
    }),
    logout: build.mutation<void, void>({
      query: () => ({ url: '/api/logout', method: 'POST' }),
      invalidatesTags: ['Me', 'Cart'],
    }),
  }),
});

export const { useMeQuery, useLoginMutation, useLogoutMutation } = authApi;
