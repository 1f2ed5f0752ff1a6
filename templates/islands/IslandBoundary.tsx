// Wraps every island on the server and in the browser (same tree, so hydration matches).
// An uncaught error inside one island shows the spec's fallback in its place; the rest of
// the page keeps working. The stack trace is shown only on the preview server. In the browser
// it also hands the island what the visitor entered before hydration (lib/prefill.ts).
import { Component, type ReactNode } from 'react';
import { noPrefill, PrefillContext, type Prefill } from './lib/prefill.ts';

interface Props { name: string; children?: ReactNode; heading: string; onMounted?: () => void; prefill?: () => Prefill }
interface State { error: (Error & { status?: number; statusText?: string }) | null }

export class IslandBoundary extends Component<Props, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidMount(): void {
    this.props.onMounted?.();
  }

  override componentDidCatch(error: unknown): void {
    console.error(`[island ${this.props.name}] uncaught error:`, error);
  }

  override render() {
    const { error } = this.state;
    if (!error) return <PrefillContext value={this.props.prefill ?? noPrefill}>{this.props.children}</PrefillContext>;
    const preview = typeof document !== 'undefined' && document.documentElement.dataset.mode === 'preview';
    const status = [error.status, error.statusText ?? error.message].filter(Boolean).join(' ');
    return (
      <div className="island-error" role="alert">
        <p className="island-error__title">{this.props.heading}</p>
        <p className="island-error__message">{status}</p>
        {preview && error.stack ? <pre className="island-error__stack">{error.stack}</pre> : null}
      </div>
    );
  }
}
