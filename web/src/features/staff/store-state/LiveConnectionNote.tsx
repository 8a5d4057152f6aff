import type { LiveConnection } from '../../store-status/liveChannel';

/** In place of the old "Message keys have not been set" check: is this screen's live channel connected? */
export function LiveConnectionNote({ connection }: { connection: LiveConnection | undefined }) {
  if (connection === 'connected') {
    return (
      <p className="text-success small mb-0" data-testid="live-connection-note">
        Live updates connected
      </p>
    );
  }
  if (connection === 'lost') {
    return (
      <p className="text-danger fw-bold small mb-0" data-testid="live-connection-note">
        Live updates NOT connected – this store cannot be opened safely
      </p>
    );
  }
  return (
    <p className="text-muted small mb-0" data-testid="live-connection-note">
      Connecting live updates…
    </p>
  );
}
