import { api } from '../../app/api';

/** Spec §3 "Contact message": phoneNo and subject are false when the site does not show those fields. */
export interface ContactMessage {
  name: string;
  email: string;
  message: string;
  phoneNo: string | false;
  subject: string | false;
  g_recaptcha_token: string;
}

export const contactApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** Spec §7: `POST /send_contact`, answered with the status and the message the form shows. */
    sendContact: build.mutation<{ status: true; message: string }, ContactMessage>({
      query: (body) => ({ url: '/send_contact', method: 'POST', body }),
    }),
  }),
});

export const { useSendContactMutation } = contactApi;
