import Col from 'react-bootstrap/Col';
import Row from 'react-bootstrap/Row';
import { ContactForm } from '../features/contact/ContactForm';

/** `/contact` (issue 34): the contact form on a page of its own; the footer links here. */
export function ContactPage() {
  return (
    <Row className="justify-content-center" data-testid="contact-page">
      <Col md={8} lg={6}>
        <h1 className="h3 mb-3">Contact us</h1>
        <p>Write to us and we will answer by email.</p>
        <ContactForm />
      </Col>
    </Row>
  );
}
