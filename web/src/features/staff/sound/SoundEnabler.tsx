import Button from 'react-bootstrap/Button';
import { enableSound } from './audio';
import { useSoundState } from './useSoundState';

/** The alert sounds need one user interaction first (browser autoplay rules): this offers it. */
export function SoundEnabler() {
  const state = useSoundState();
  if (state === 'on') return null;
  if (state === 'unavailable') return <span className="text-muted small">This browser cannot play alert sounds</span>;
  return (
    <Button variant="warning" size="sm" onClick={enableSound} data-testid="enable-sound">
      Click to enable sound
    </Button>
  );
}
