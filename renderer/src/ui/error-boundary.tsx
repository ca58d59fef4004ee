// A view that throws shows what went wrong in its own area; the rest of the window goes on.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { EmptyState } from './empty-state';

export class ErrorBoundary extends Component<{ children: ReactNode; what: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Watchfloor: ${this.props.what} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <EmptyState tone="error" title={`${this.props.what} could not be shown`}>
        <p className="mono">{this.state.error.message}</p>
        <button type="button" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </EmptyState>
    );
  }
}
