import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoginForm } from '../features/auth/LoginForm';
import { ForgotPasswordForm } from '../features/customerAccount/ForgotPasswordForm';
import { ConfirmEmailChange, VerifyEmail } from '../features/customerAccount/LinkResult';
import { RegisterForm } from '../features/customerAccount/RegisterForm';
import { ResetPasswordForm } from '../features/customerAccount/ResetPasswordForm';

type Shown = 'sign-in' | 'register' | 'forgot' | 'reset';
const HEADINGS: Record<Shown, string> = { 'sign-in': 'Sign in', register: 'Create an account', forgot: 'Forgotten password', reset: 'Choose a new password' };

/**
 * One sign-in for everyone (the spec's discreet Login), and customers' sign-up and forgotten password one click
 * away (issue 33). The links mailed to customers open this page: `?verify=` and `?email-change=` confirm an
 * address above the sign-in, `?reset=` asks for the new password.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const verify = params.get('verify');
  const emailChange = params.get('email-change');
  const resetToken = params.get('reset');
  const [shown, setShown] = useState<Shown>(resetToken ? 'reset' : 'sign-in');
  const [resetDone, setResetDone] = useState(false);
  const fromLink = Boolean(verify || emailChange || resetToken);
  const signIn = (
    <Button variant="link" className="px-0 mt-3" onClick={() => setShown('sign-in')}>
      Back to sign in
    </Button>
  );
  return (
    <Row className="justify-content-center" data-testid="login-page">
      <Col sm={8} md={6} lg={4}>
        <h1 className="h3 mb-3">{HEADINGS[shown]}</h1>
        {verify && <VerifyEmail token={verify} />}
        {emailChange && <ConfirmEmailChange token={emailChange} />}
        {shown === 'reset' && resetToken && <ResetPasswordForm token={resetToken} onDone={() => setResetDone(true)} />}
        {shown === 'register' && (
          <>
            <RegisterForm />
            {signIn}
          </>
        )}
        {shown === 'forgot' && (
          <>
            <ForgotPasswordForm />
            {signIn}
          </>
        )}
        {(shown === 'sign-in' || (shown === 'reset' && resetDone)) && (
          <>
            <LoginForm />
            {!fromLink && (
              <>
                <p className="mt-3 mb-1">
                  <Button variant="link" className="p-0 align-baseline" onClick={() => setShown('forgot')}>
                    Forgotten your password?
                  </Button>
                </p>
                <p>
                  New here?{' '}
                  <Button variant="link" className="p-0 align-baseline" onClick={() => setShown('register')}>
                    Create an account
                  </Button>{' '}
                  to see your past orders and order them again.
                </p>
              </>
            )}
          </>
        )}
      </Col>
    </Row>
  );
}
