/** What every call returns, from every source: the text the model sees, and data for programs. */
export interface ToolResult {
  readonly isError: boolean;
  /** Set when `isError`: a code from the closed set (`invalid_arguments`, `path_not_allowed`, ...). */
  readonly code?: string;
  readonly text: string;
  readonly data?: unknown;
  /** Where the full text went when it was longer than the tool's output budget. */
  readonly spilledTo?: string;
  /**
   * Set when the CycleDetector escalated after this call (the same failure again and again): an agent
   * loop stops here unless a human lets it go on.
   */
  readonly escalated?: true;
}
