import { Component, type ReactNode } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import { PAGE_FAILED } from '../../../src/shared/page-texts';
import { PageShown } from './PageShown';


interface Props {
  /** The page's address: another page is tried afresh. */
  path: string;
  children: ReactNode;
}

/**
 * A page that could not load its code (a shop updated since this tab opened, a dropped connection) or failed
 * while drawing says so, with a way to reload, instead of taking the whole shop off the screen. The header and
 * the basket stay.
 */
export class PageErrorBoundary extends Component<Props, { path: string; failed: boolean }> {
  state = { path: this.props.path, failed: false };

  static getDerivedStateFromProps(props: Props, state: { path: string; failed: boolean }) {
    return props.path === state.path ? null : { path: props.path, failed: false };
  }

  static getDerivedStateFromError() {
    return { failed: true };
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Alert variant="danger" data-testid="page-failed">
        <p>{PAGE_FAILED}</p>
        <Button variant="outline-danger" onClick={() => window.location.reload()}>
          Reload
        </Button>
        <PageShown />
      </Alert>
    );
  }
}
