import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { LoginForm } from '../features/auth/LoginForm';

export function LoginPage() {
  return (
    <Row className="justify-content-center" data-testid="login-page">
      <Col sm={8} md={6} lg={4}>
        <h1 className="h3 mb-3">Login</h1>
        <LoginForm />
      </Col>
    </Row>
  );
}
