import { Component, type ErrorInfo, type ReactNode } from 'react';
import { RouteErrorView } from './RouteError';

/**
 * A page that throws while rendering, or whose code does not load, shows a plain error with a way
 * out instead of a blank screen. `resetKey` (the path) clears it when the user goes elsewhere.
 */
export class PageBoundary extends Component<{ children: ReactNode; resetKey: string }, { error: unknown }> {
  override state: { error: unknown } = { error: null };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  override componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }
  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }
  override render() {
    return this.state.error ? <RouteErrorView error={this.state.error} /> : this.props.children;
  }
}
