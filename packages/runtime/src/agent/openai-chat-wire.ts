import { type AnyToolDefinition, type DialectName, exportTool, formatIssues, readArguments } from '@wesgine/schema';
import type { ModelMessage, ModelReply, ModelToolCall, ModelUsage } from './model-client.js';
import { ModelError } from './model-error.js';

/** The dialects this client declares tools in; both give the same provider names. */
export type OpenAiDialect = Extract<DialectName, 'openai-strict' | 'openai'>;

/** The tools of one request in the chat-completions form, and the way back from the names the model uses. */
export interface WireTools {
  readonly declarations: readonly Record<string, unknown>[];
  /** Our name to the provider's (a name the request does not declare stays as it is). */
  providerName(name: string): string;
  /**
   * The provider's name back to ours, with the dialect the tool was declared in (its arguments come
   * back in it); a name the request did not declare stays as it is, in the non-strict dialect.
   */
  fromProvider(name: string): { readonly name: string; readonly dialect: OpenAiDialect };
}

/**
 * Declares `tools` for chat completions: in strict mode (`openai-strict`, `strict: true`) each tool whose
 * schema strict mode can take (its loss report's `strictCapable`), so the model's arguments always fit
 * it; the others with the `openai` dialect (`strict: false`), guided rather than constrained. The dialect
 * gives the Responses-API shape (`name`, `parameters` beside `type`); chat completions nest them under
 * `function`, so they are moved there. Names are made distinct across the whole request.
 */
export function wireTools(tools: readonly AnyToolDefinition[]): WireTools {
  const otherNames = tools.map((tool) => tool.name);
  const byProvider = new Map<string, { name: string; dialect: OpenAiDialect }>();
  const byOurs = new Map<string, string>();
  const declarations = tools.map((tool) => {
    const strict = exportTool(tool, 'openai-strict', { otherNames });
    const exported = strict.loss.strictCapable ? strict : exportTool(tool, 'openai', { otherNames });
    byProvider.set(exported.name, { name: tool.name, dialect: exported.dialect as OpenAiDialect });
    byOurs.set(tool.name, exported.name);
    const { type: _type, ...declared } = exported.declaration;
    return { type: 'function', function: declared };
  });
  return {
    declarations,
    providerName: (name) => byOurs.get(name) ?? name,
    fromProvider: (name) => byProvider.get(name) ?? { name, dialect: 'openai' },
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
  const { name, dialect } = tools.fromProvider(typeof fn.name === 'string' ? fn.name : '');
  const raw = fn.arguments;
  // Already parsed by the provider: when unusable, what goes back is an empty object, as the text is gone.
  if (typeof raw !== 'string') return readable(id, name, dialect, raw ?? {}, '{}');
  if (raw.trim() === '') return { id, name, args: {}, dialect };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { id, name, args: raw, argsError: `The arguments are not valid JSON: ${preview(raw)}` };
  }
  return readable(id, name, dialect, parsed, raw);
}

// Arguments nested past the depth limit (or otherwise unusable) stay the text they came as: they are never
// decoded, and they go back to the provider as that text, so no later walk over them can overflow. The
// rest stay as the model sent them, with their dialect: the run decodes them (`run.call`'s `dialect`), so
// they meet the one decoder every call does, and the conversation keeps what the model really said.
function readable(id: string, name: string, dialect: OpenAiDialect, parsed: unknown, raw: string): ModelToolCall {
  const read = readArguments(parsed);
  if (read.ok) return { id, name, args: read.value, dialect };
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
