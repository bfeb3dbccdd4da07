import { Component, type ErrorInfo, type ReactNode } from 'react';

/** Keeps one broken piece of UI from taking down the rest (docs/engineering-rules.md, 'Errors'). */
export class ErrorBoundary extends Component<{ children: ReactNode; fallback?: ReactNode; name: string }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} failed`, error, info.componentStack);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      this.props.fallback ?? (
        <div className="center-fill" role="alert">
          <div className="stack" style={{ alignItems: 'center' }}>
            <strong>Something went wrong in the {this.props.name}.</strong>
            <span className="muted small">{this.state.error.message}</span>
            <button className="btn" onClick={() => this.setState({ error: null })}>
              Try again
            </button>
          </div>
        </div>
      )
    );
  }
}
