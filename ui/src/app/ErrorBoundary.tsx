import { Component, type ErrorInfo, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
}

/**
 * Catches render failures (spec §1). Plain HTML on purpose: it also wraps the Spectrum Provider,
 * so it cannot rely on it. Keyed by route in the shell, so moving on to another page recovers.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The only trace a failed render leaves for whoever looks at the browser console.
    console.error('Render failure', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" className="kgv-error-boundary">
        <h1>Something went wrong.</h1>
        <p>Bei der Anzeige ist ein Fehler aufgetreten. Bitte laden Sie die Seite neu.</p>
        <button type="button" onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
      </div>
    );
  }
}
