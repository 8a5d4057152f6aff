import { ContactForm } from '../../contact/ContactForm';

/** The shop's contact form (issue 34) as a part of a content page. */
export default function ContactFormPart() {
  return (
    <div className="col-md-8 col-lg-6 px-0">
      <ContactForm />
    </div>
  );
}
