import type { ModelClient, ModelReply, ModelRequest } from './model-client.js';
import { ModelError } from './model-error.js';
import { readReply, wireMessage, wireTools } from './openai-chat-wire.js';

export interface OpenAiChatClientOptions {
  /** Where the API lives, up to and without `/chat/completions` (`https://api.openai.com/v1`). */
  readonly baseUrl: string;
  /** Sent as `Authorization: Bearer <key>`; a local server may need none. Never part of an error. */
  readonly apiKey?: string;
  readonly model: string;
  /** More request headers (an organisation, a gateway's own key); they win over the defaults. */
  readonly headers?: Readonly<Record<string, string>>;
  /** The `fetch` to use; the global one when absent. */
  readonly fetch?: typeof fetch;
  /** How long one request may take, reading the body included; 120 000 ms when absent. */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 120_000;
const PREVIEW = 300;

/**
 * A `ModelClient` for any server that speaks OpenAI's chat completions (`POST {baseUrl}/chat/completions`):
 * OpenAI itself, vLLM, llama.cpp, Ollama, LM Studio, gateways. Tools are declared under provider-safe
 * names, in strict mode where their schema allows it (`openai-strict`, else `openai`); the names in the
 * answer are mapped back to ours and each call carries its tool's dialect, so the run decodes its
 * arguments (strict mode's `null`s for left-out optionals) before validating them.
 */
export function openAiChatClient(options: OpenAiChatClientOptions): ModelClient {
  const url = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  const send = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const hide = (text: string) =>
    options.apiKey === undefined || options.apiKey === '' ? text : text.replaceAll(options.apiKey, '[api key]');
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    accept: 'application/json',
    ...(options.apiKey === undefined ? {} : { authorization: `Bearer ${options.apiKey}` }),
    ...options.headers,
  };

  return {
    async complete(request: ModelRequest): Promise<ModelReply> {
      const tools = wireTools(request.tools);
      const body = {
        model: options.model,
        messages: request.messages.map((message) => wireMessage(message, tools)),
        ...(tools.declarations.length === 0 ? {} : { tools: tools.declarations }),
      };
      const { signal, timedOut, done } = limit(request.signal, timeoutMs);
      try {
        let status: number;
        let statusText: string;
        let text: string;
        try {
          const response = await send(url, { method: 'POST', headers, body: JSON.stringify(body), signal });
          ({ status, statusText } = response);
          text = await response.text();
        } catch (thrown) {
          if (request.signal?.aborted === true) throw request.signal.reason;
          if (timedOut()) throw new ModelError(`the model at ${url} did not answer within ${timeoutMs} ms`);
          const reason = thrown instanceof Error ? (thrown.cause ?? thrown) : thrown;
          const said = reason instanceof Error ? reason.message : String(reason);
          throw new ModelError(hide(`could not reach the model at ${url}: ${said}`), { cause: thrown });
        }
        const answered = `the model at ${url} answered ${status}${statusText === '' ? '' : ` ${statusText}`}`;
        const parsed = parseJson(text);
        if (status < 200 || status > 299) {
          throw new ModelError(hide(`${answered}: ${providerMessage(parsed, text)}`), { status });
        }
        if (parsed === NOT_JSON) {
          throw new ModelError(hide(`${answered} with a body that is not JSON: ${preview(text)}`), { status });
        }
        return readReply(parsed, tools);
      } finally {
        done();
      }
    },
  };
}

/** A signal that fires on the caller's abort or after `timeoutMs`; `done` clears the timer. */
function limit(outer: AbortSignal | undefined, timeoutMs: number) {
  const controller = new AbortController();
  let expired = false;
  const timer = setTimeout(() => {
    expired = true;
    controller.abort();
  }, timeoutMs);
  const onAbort = () => controller.abort(outer?.reason);
  if (outer?.aborted === true) onAbort();
  else outer?.addEventListener('abort', onAbort, { once: true });
  return {
    signal: controller.signal,
    timedOut: () => expired,
    done: () => {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    },
  };
}

const NOT_JSON = Symbol('not JSON');

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return NOT_JSON;
  }
}

/** The provider's own words: `{ error: { message } }` (OpenAI), `{ error: '...' }`, `{ message }`, or the body. */
function providerMessage(parsed: unknown, text: string): string {
  if (typeof parsed === 'object' && parsed !== null) {
    const { error, message } = parsed as { error?: unknown; message?: unknown };
    const nested = (error as { message?: unknown } | null | undefined)?.message;
    if (typeof nested === 'string' && nested !== '') return nested;
    if (typeof error === 'string' && error !== '') return error;
    if (typeof message === 'string' && message !== '') return message;
  }
  return text.trim() === '' ? '(empty body)' : preview(text.trim());
}

function preview(text: string): string {
  return text.length > PREVIEW ? `${text.slice(0, PREVIEW)}...` : text;
}
