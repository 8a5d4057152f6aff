import { useParams } from 'react-router';
import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ChooseInvitationPassword } from '../features/accounts/ChooseInvitationPassword';

/** /invitation/:token: the link of an invitation mail. */
export function InvitationPage() {
  const { token = '' } = useParams();
  return (
    <Row className="justify-content-center" data-testid="invitation-page">
      <Col sm={10} md={8} lg={6}>
        <h1 className="h3 mb-3">Choose your password</h1>
        <ChooseInvitationPassword token={token} />
      </Col>
    </Row>
  );
}
