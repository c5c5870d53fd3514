import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useRouteError } from 'react-router-dom';
import { ErrorScreen } from './error-screen';

/** Catches render errors outside the router (providers, router setup). */
export class AppErrorBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('Unexpected render error', error, info.componentStack);
  }

  render() {
    return this.state.error ? <ErrorScreen /> : this.props.children;
  }
}

/** Router errorElement: render errors inside any route land here. */
export function RouteErrorScreen() {
  const error = useRouteError();
  console.error('Unexpected route error', error);
  return <ErrorScreen />;
}
