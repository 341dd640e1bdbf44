import type { CallOptions, Run, ToolResult } from '@wesgine/runtime';
import { describe, expectTypeOf, it } from 'vitest';
import {
  callEverything,
  type EchoArgs,
  type EverythingTools,
  everythingServer,
  everythingTools,
  type GetStructuredContentResult,
  type GetSumArgs,
} from './mcp-import/everything.mcp.gen.js';

declare const run: Run;

describe('the typed calls of an imported MCP server (mcp-server-everything)', () => {
  it('types each tool from the schema the server listed', () => {
    expectTypeOf<EchoArgs>().toEqualTypeOf<{ message: string }>();
    expectTypeOf<GetSumArgs>().toEqualTypeOf<{ a: number; b: number }>();
    expectTypeOf<EverythingTools['get-annotated-message']['args']>().toEqualTypeOf<{
      messageType: 'error' | 'success' | 'debug';
      includeImage?: boolean;
    }>();
    expectTypeOf<GetStructuredContentResult>().toEqualTypeOf<{
      temperature: number;
      conditions: string;
      humidity: number;
    }>();
    expectTypeOf<keyof EverythingTools>().toEqualTypeOf<
      | 'echo'
      | 'get-annotated-message'
      | 'get-env'
      | 'get-resource-links'
      | 'get-resource-reference'
      | 'get-roots-list'
      | 'get-structured-content'
      | 'get-sum'
      | 'get-tiny-image'
      | 'gzip-file-as-resource'
      | 'toggle-simulated-logging'
      | 'toggle-subscriber-updates'
      | 'trigger-long-running-operation'
    >();
    expectTypeOf(everythingServer.server.version).toEqualTypeOf<'2.0.0'>();
  });

  it('type-checks a call through a Run like a call to one of our tools', () => {
    expectTypeOf(callEverything(run, 'get-sum', { a: 1, b: 2 })).toEqualTypeOf<Promise<ToolResult>>();
    callEverything(run, 'echo', { message: 'hi' }, { dialect: 'openai-strict' });
    callEverything(
      run,
      'trigger-long-running-operation',
      { duration: 1 },
      { signal: AbortSignal.timeout(5000), onProgress: (update) => expectTypeOf(update.progress).toBeNumber() },
    );
    callEverything(run, 'get-env');
    callEverything(run, 'trigger-long-running-operation', { steps: 2 });
    // @ts-expect-error a required argument is missing
    callEverything(run, 'get-sum', { a: 1 });
    // @ts-expect-error an argument of the wrong type
    callEverything(run, 'echo', { message: 42 });
    // @ts-expect-error an argument the schema does not have
    callEverything(run, 'echo', { message: 'hi', loud: true });
    // @ts-expect-error a value outside the enum
    callEverything(run, 'get-annotated-message', { messageType: 'fatal' });
    // @ts-expect-error a tool the server does not have
    callEverything(run, 'get-product', { a: 1 });
    // @ts-expect-error a tool that runs only as an MCP task is left out, as the cell leaves it out
    callEverything(run, 'simulate-research-query', { topic: 'x' });
    // @ts-expect-error a tool with required arguments needs them
    callEverything(run, 'echo');
    // @ts-expect-error the options are the run's CallOptions
    callEverything(run, 'echo', { message: 'hi' }, { dialect: 'cohere' });
  });

  it("types `data` as the structured result of a tool with an output schema, and leaves the others' alone", () => {
    const structured = callEverything(run, 'get-structured-content', { location: 'Chicago' });
    expectTypeOf(structured).resolves.toHaveProperty('data').toEqualTypeOf<GetStructuredContentResult | undefined>();
    expectTypeOf(structured).resolves.toHaveProperty('text').toEqualTypeOf<string>();
    expectTypeOf(structured).resolves.toHaveProperty('isError').toEqualTypeOf<boolean>();
    expectTypeOf(callEverything(run, 'echo', { message: 'x' }))
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<unknown>();
  });

  it('offers the tools as camel-case methods with the same checks', () => {
    const tools = everythingTools(run);
    expectTypeOf(tools.getSum).parameters.toEqualTypeOf<[args: GetSumArgs, options?: CallOptions]>();
    expectTypeOf(tools.getStructuredContent({ location: 'New York' }))
      .resolves.toHaveProperty('data')
      .toEqualTypeOf<GetStructuredContentResult | undefined>();
    tools.getTinyImage();
    // @ts-expect-error a required argument is missing
    tools.getSum({ b: 2 });
    // @ts-expect-error no such tool
    tools.getProduct({});
  });

  it('takes anything with the shape of Run.call, not only a Run', () => {
    const caller = { call: async (name: string, args: unknown) => ({ name, args }) };
    expectTypeOf(callEverything(caller, 'get-sum', { a: 1, b: 2 })).toEqualTypeOf<
      Promise<{ name: string; args: unknown }>
    >();
    // @ts-expect-error something without `call` is not a caller
    callEverything({ run: () => undefined }, 'get-env');
  });
});
