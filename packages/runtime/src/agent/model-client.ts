import type { AnyToolDefinition, DialectName } from '@wesgine/schema';

/** A tool call the model asked for, with our canonical tool name (never the provider's mapped one). */
export interface ModelToolCall {
  /** The provider's id for the call; the tool message that answers it carries the same id. */
  readonly id: string;
  readonly name: string;
  /** The arguments, in the tool's own shape, or in `dialect`'s when one is given. */
  readonly args: unknown;
  /**
   * The provider dialect the tool was declared in, when `args` are as the model sent them in it (OpenAI
   * strict mode's `null` for a left-out optional): the agent loop passes it to `run.call`, which decodes
   * them into the tool's own shape before validation. Absent: `args` are already in that shape.
   */
  readonly dialect?: DialectName;
  /**
   * Why the arguments could not be read (the provider sent text that is not JSON). `args` then holds that
   * text as it came; the agent loop answers the call with `invalid_arguments` and runs nothing.
   */
  readonly argsError?: string;
}

/** One message of a conversation, in a form no provider owns; each client translates it. */
export type ModelMessage =
  | { readonly role: 'system'; readonly content: string }
  | { readonly role: 'user'; readonly content: string }
  | { readonly role: 'assistant'; readonly content: string; readonly toolCalls?: readonly ModelToolCall[] }
  | {
      readonly role: 'tool';
      /** The `id` of the call this message answers. */
      readonly callId: string;
      readonly name: string;
      readonly content: string;
      /** The call failed; `content` starts with its code. */
      readonly isError?: true;
    };

export interface ModelUsage {
  readonly inputTokens?: number;
  readonly outputTokens?: number;
}

/** What the model answered: text, tool calls, or both. No tool calls means it is done. */
export interface ModelReply {
  readonly text: string;
  readonly toolCalls: readonly ModelToolCall[];
  readonly usage?: ModelUsage;
}

export interface ModelRequest {
  readonly messages: readonly ModelMessage[];
  /** The tools the model may call, as the run sees them (canonical names). */
  readonly tools: readonly AnyToolDefinition[];
  readonly signal?: AbortSignal;
}

/**
 * A language model behind one method: messages and tools in, text or tool calls out. A client throws
 * when the model cannot be reached or refuses the request (`ModelError`); it never runs a tool.
 */
export interface ModelClient {
  complete(request: ModelRequest): Promise<ModelReply>;
}
