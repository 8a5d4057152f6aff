import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Button from 'react-bootstrap/Button';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoginForm } from '../features/auth/LoginForm';
import { RegisterForm } from '../features/customerAccount/RegisterForm';
import { VerifyEmail } from '../features/customerAccount/VerifyEmail';

/**
 * One sign-in for everyone (the spec's discreet Login), and customers' sign-up one click away (issue 33); the
 * link mailed at sign-up opens this page with `?verify=`, which confirms the address above the sign-in.
 */
export function LoginPage() {
  const [params] = useSearchParams();
  const verify = params.get('verify');
  const [registering, setRegistering] = useState(false);
  return (
    <Row className="justify-content-center" data-testid="login-page">
      <Col sm={8} md={6} lg={4}>
        <h1 className="h3 mb-3">{registering ? 'Create an account' : 'Sign in'}</h1>
        {verify && <VerifyEmail token={verify} />}
        {registering ? (
          <>
            <RegisterForm />
            <Button variant="link" className="px-0 mt-3" onClick={() => setRegistering(false)}>
              I have an account: sign in
            </Button>
          </>
        ) : (
          <>
            <LoginForm />
            {!verify && (
              <p className="mt-4">
                New here?{' '}
                <Button variant="link" className="p-0 align-baseline" onClick={() => setRegistering(true)}>
                  Create an account
                </Button>{' '}
                to see your past orders and order them again.
              </p>
            )}
          </>
        )}
      </Col>
    </Row>
  );
}
