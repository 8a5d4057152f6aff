import type { ReactNode } from 'react';
import Card from 'react-bootstrap/Card';

/** One titled part of the settings screen. */
export function SettingsSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card as="section" className="mb-3" aria-labelledby={`${id}-title`} data-testid={`settings-${id}`}>
      <Card.Header as="h2" className="h6" id={`${id}-title`}>
        {title}
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card>
  );
}
