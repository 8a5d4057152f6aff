import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { errorText } from '../../../app/serverMessage';
import { showDialog, type DialogContent } from '../../dialog/dialogSlice';
import { useDialogShownAndGone } from '../../dialog/useDialogShownAndGone';
import { useAuthoriseOrderChannelMutation, useCompleteCardOrderMutation, useCreateCheckoutSessionMutation, useCreatePayPalOrderMutation, type CardConfirmation } from './cardApi';
import { waitForCardOutcome } from './cardOutcome';

const EMAIL_SENT = 'A confirmation email has been sent & should be with you shortly.';
const THANK_YOU_MS = 1700;
const MISMATCH = "Something's not right";

/**
 * Pay by card: the server sells the basket and makes the payment for its own total (createCheckoutSession), the
 * card form confirms it with the provider, and the server asks the provider what happened (`/complete-order`
 * with the payment's id): the browser's word never marks anything paid. Then the success dialog and
 * /order-complete, as for pay by phone; a refusal says why, and the customer may try again or choose phone.
 * While the provider has not answered, the order's private live channel says when to ask again (cardOutcome.ts).
 */
export function usePayByCard(orderId: string | undefined, method: 'CARD' | 'PAYPAL' = 'CARD') {
  const [createCardSession] = useCreateCheckoutSessionMutation();
  const [createPayPalOrder] = useCreatePayPalOrderMutation();
  // PayPal (issue 36) is the same path: its order made by the server, approved by the payer, captured by the server.
  const createSession = method === 'PAYPAL' ? createPayPalOrder : createCardSession;
  const [completeCard] = useCompleteCardOrderMutation();
  const [authoriseChannel] = useAuthoriseOrderChannelMutation();
  const [isPlacing, setPlacing] = useState(false);
  const [thanks, setThanks] = useState<DialogContent | undefined>(undefined);
  const thanked = useDialogShownAndGone(thanks !== undefined, thanks);
  const navigate = useNavigate();
  const dispatch = useAppDispatch();

  useEffect(() => {
    if (thanked) navigate('/order-complete');
  }, [thanked, navigate]);

  /** Asks the server, and again when the order's channel says the provider's answer is in. */
  const complete = async (confirmation: CardConfirmation) => {
    const ask = () => completeCard({ ...confirmation, method }).unwrap();
    const first = await ask();
    // The card form could not confirm (a network error, say): nothing is moving, so the customer may press Pay again.
    if (first.pending && confirmation.status === 'failed') throw new Error(confirmation.message || 'Your card payment did not go through');
    const answer = first.pending ? await waitForCardOutcome({ orderId, ask, authorise: async (id) => (await authoriseChannel(id).unwrap()).auth }) : first;
    const dialog: DialogContent = { title: 'Thank you', message: `${answer.message}\n${EMAIL_SENT}`, look: 'success', autoCloseMs: THANK_YOU_MS };
    dispatch(showDialog(dialog));
    setThanks(dialog);
  };

  const failed = (error: unknown) => {
    const message = errorText(error);
    dispatch(
      showDialog(
        message.startsWith(MISMATCH)
          ? { title: 'Sorry', message, look: 'error' }
          : { title: 'Sorry', message: `There was a problem completing your order ${message}`, look: 'error' },
      ),
    );
  };

  /**
   * `confirmWithProvider` is the provider's own step: Stripe.js, the local fake card form, or the stand-in PayPal
   * window. It answers null when the customer closed it without paying: nothing to complete, Pay may be pressed again.
   */
  const pay = async (confirmWithProvider: (clientSecret: string) => Promise<CardConfirmation | null>) => {
    setPlacing(true);
    try {
      const session = await createSession().unwrap();
      const confirmation = await confirmWithProvider(session.clientSecret);
      if (confirmation) await complete(confirmation);
    } catch (error) {
      failed(error);
    } finally {
      setPlacing(false);
    }
  };

  /** Back from the provider's page (3-D Secure, a wallet): the payment's id comes in the return URL. */
  const resume = async (intentId: string) => {
    setPlacing(true);
    try {
      await complete({ id: intentId, status: 'returned', message: '' });
    } catch (error) {
      failed(error);
    } finally {
      setPlacing(false);
    }
  };

  /** PayPal's own buttons ask for the order to approve themselves: the server makes it, and its id is theirs. */
  const open = async (): Promise<string> => {
    try {
      return (await createSession().unwrap()).clientSecret;
    } catch (error) {
      failed(error);
      throw error;
    }
  };

  return { pay, resume, open, isPlacing };
}
