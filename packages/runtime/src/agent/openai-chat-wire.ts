import { type AnyToolDefinition, type DialectExport, exportTools, formatIssues, readArguments } from '@wesgine/schema';
import type { ModelMessage, ModelReply, ModelToolCall, ModelUsage } from './model-client.js';
import { ModelError } from './model-error.js';

/** The tools of one request in the chat-completions form, and the way back from the names the model uses. */
export interface WireTools {
  readonly declarations: readonly Record<string, unknown>[];
  /** Our name to the provider's (a name the request does not declare stays as it is). */
  providerName(name: string): string;
  /** The provider's name back to ours, with the dialect's argument decoder; unknown names stay as they are. */
  fromProvider(name: string): { readonly name: string; readonly decode: (args: unknown) => unknown };
}

const IDENTITY = (args: unknown): unknown => args;

/**
 * Declares `tools` with the `openai` dialect. The dialect gives the Responses-API shape (`name`,
 * `parameters` beside `type`); chat completions nest them under `function`, so they are moved there.
 */
export function wireTools(tools: readonly AnyToolDefinition[]): WireTools {
  const exports = exportTools(tools, 'openai');
  const byProvider = new Map<string, DialectExport>();
  const byOurs = new Map<string, string>();
  for (const exported of exports) {
    byProvider.set(exported.name, exported);
    byOurs.set(exported.loss.tool, exported.name);
  }
  return {
    declarations: exports.map((exported) => {
      const { type: _type, ...declared } = exported.declaration;
      return { type: 'function', function: declared };
    }),
    providerName: (name) => byOurs.get(name) ?? name,
    fromProvider: (name) => {
      const exported = byProvider.get(name);
      return exported === undefined
        ? { name, decode: IDENTITY }
        : { name: exported.loss.tool, decode: (args) => exported.decode(args) };
    },
  };
}

/** One of our messages as a chat-completions message. */
export function wireMessage(message: ModelMessage, tools: WireTools): Record<string, unknown> {
  switch (message.role) {
    case 'system':
    case 'user':
      return { role: message.role, content: message.content };
    case 'tool':
      return { role: 'tool', tool_call_id: message.callId, content: message.content };
    case 'assistant': {
      const calls = message.toolCalls ?? [];
      if (calls.length === 0) return { role: 'assistant', content: message.content };
      return {
        role: 'assistant',
        content: message.content === '' ? null : message.content,
        tool_calls: calls.map((call) => ({
          id: call.id,
          type: 'function',
          function: { name: tools.providerName(call.name), arguments: argumentText(call) },
        })),
      };
    }
  }
}

/** The arguments as the provider sent them: unreadable ones go back as the text they were. */
function argumentText(call: ModelToolCall): string {
  if (call.argsError !== undefined && typeof call.args === 'string') return call.args;
  return JSON.stringify(call.args ?? {});
}

/** The first choice of a chat-completions response body, with names and arguments in our form. */
export function readReply(body: unknown, tools: WireTools): ModelReply {
  const message = record(record(array(record(body).choices)[0]).message);
  if (Object.keys(message).length === 0) {
    throw new ModelError('the model provider answered without choices[0].message; is this a chat-completions API?');
  }
  const text = typeof message.content === 'string' ? message.content : '';
  const toolCalls = array(message.tool_calls).map((item, index) => readToolCall(record(item), index, tools));
  const usage = readUsage(record(body).usage);
  return usage === undefined ? { text, toolCalls } : { text, toolCalls, usage };
}

function readToolCall(item: Record<string, unknown>, index: number, tools: WireTools): ModelToolCall {
  const fn = record(item.function);
  const id = typeof item.id === 'string' && item.id !== '' ? item.id : `call_${index}`;
  const { name, decode } = tools.fromProvider(typeof fn.name === 'string' ? fn.name : '');
  const raw = fn.arguments;
  // Already parsed by the provider: when unusable, what goes back is an empty object, as the text is gone.
  if (typeof raw !== 'string') return readable(id, name, raw ?? {}, '{}', decode);
  if (raw.trim() === '') return { id, name, args: decode({}) };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { id, name, args: raw, argsError: `The arguments are not valid JSON: ${preview(raw)}` };
  }
  return readable(id, name, parsed, raw, decode);
}

// Arguments nested past the depth limit (or otherwise unusable) stay the text they came as: they are never
// decoded, and they go back to the provider as that text, so no later walk over them can overflow.
function readable(id: string, name: string, parsed: unknown, raw: string, decode: (args: unknown) => unknown) {
  const read = readArguments(parsed);
  if (read.ok) return { id, name, args: decode(read.value) };
  return { id, name, args: raw, argsError: formatIssues(name, read.issues) };
}

function preview(raw: string): string {
  return raw.length > 200 ? `${raw.slice(0, 200)}...` : raw;
}

function readUsage(value: unknown): ModelUsage | undefined {
  const usage = record(value);
  const input = usage.prompt_tokens;
  const output = usage.completion_tokens;
  if (typeof input !== 'number' && typeof output !== 'number') return undefined;
  return {
    ...(typeof input === 'number' ? { inputTokens: input } : {}),
    ...(typeof output === 'number' ? { outputTokens: output } : {}),
  };
}

function record(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

function array(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}
