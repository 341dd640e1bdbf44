import { Component, type ReactNode } from 'react';

interface Props {
  readonly children: ReactNode;
  /** What shows instead of a form that could not be drawn. */
  readonly fallback: (reason: string) => ReactNode;
}

/**
 * A schema rjsf cannot draw (an MCP server's, say) must not take the page down: the form's place then
 * says why, and Raw JSON still takes the arguments.
 */
export class FormBoundary extends Component<Props, { readonly reason: string | undefined }> {
  override state = { reason: undefined as string | undefined };

  static getDerivedStateFromError(error: unknown) {
    return { reason: error instanceof Error ? error.message : String(error) };
  }

  override render() {
    return this.state.reason === undefined ? this.props.children : this.props.fallback(this.state.reason);
  }
}
