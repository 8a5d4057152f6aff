import Button from 'react-bootstrap/Button';

/** A small show/hide button for a part of a row (address, items). */
export function ExpandToggle({ expanded, controls, label, onToggle }: { expanded: boolean; controls: string; label: string; onToggle: () => void }) {
  return (
    <Button variant="link" size="sm" className="p-0 align-baseline" aria-expanded={expanded} aria-controls={controls} onClick={onToggle}>
      {expanded ? `Hide ${label}` : `Show ${label}`}
    </Button>
  );
}
