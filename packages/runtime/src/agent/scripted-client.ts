import type { ModelClient, ModelReply, ModelRequest } from './model-client.js';

/** One scripted answer: a reply as it is, or made from the request (to answer what a tool returned). */
export type ScriptedStep = ModelReply | ((request: ModelRequest) => ModelReply | Promise<ModelReply>);

/** A scripted client also keeps what it was asked, each request copied as it arrived. */
export interface ScriptedClient extends ModelClient {
  readonly requests: readonly ModelRequest[];
}

/**
 * A `ModelClient` that answers from a script, one step per request, for tests and the playground. A
 * request after the last step is an error that says how many steps there were.
 */
export function scriptedClient(steps: readonly ScriptedStep[]): ScriptedClient {
  const requests: ModelRequest[] = [];
  return {
    requests,
    async complete(request) {
      const copy: ModelRequest = { ...request, messages: [...request.messages], tools: [...request.tools] };
      requests.push(copy);
      request.signal?.throwIfAborted();
      const step = steps[requests.length - 1];
      if (step === undefined) {
        throw new Error(
          `the scripted client has no step for request ${requests.length}: its script has ${steps.length} step${steps.length === 1 ? '' : 's'}`,
        );
      }
      return typeof step === 'function' ? step(copy) : step;
    },
  };
}
