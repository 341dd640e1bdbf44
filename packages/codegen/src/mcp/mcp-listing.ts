/** One tool as the server lists it: only the fields the import reads. */
export interface McpToolListing {
  readonly name: string;
  readonly title?: string;
  readonly description?: string;
  readonly inputSchema: unknown;
  readonly outputSchema?: unknown;
  /** The server says it runs only as an MCP task (`execution.taskSupport: 'required'`). */
  readonly taskOnly?: true;
}

/** What an MCP server said about itself and its tools, tools in the server's order. */
export interface McpListing {
  readonly server: { readonly name: string; readonly version: string };
  readonly tools: readonly McpToolListing[];
}
