import { describe, expect, it } from 'vitest';
import * as runtime from './index.js';

describe('@wesgine/runtime public surface', () => {
  it('exports exactly these runtime names (adding one makes it public API)', () => {
    expect(Object.keys(runtime).sort()).toMatchInlineSnapshot(`
      [
        "ADAPTER_FIELDS",
        "AgentTask",
        "ApprovalQueue",
        "CycleDetector",
        "DEFAULT_CYCLE_CONFIG",
        "DEFAULT_MAX_TURNS",
        "DEFAULT_ZONE_FILE",
        "INSIDE_PROXY",
        "ModelError",
        "ZoneError",
        "analyzeCommand",
        "callKey",
        "compileRecipientPattern",
        "createEngine",
        "defineAdapter",
        "guardedFetch",
        "isBlockedAddress",
        "judgeUrl",
        "loadZone",
        "matchesRecipient",
        "openAiChatClient",
        "parseRecipient",
        "requestGate",
        "runAgent",
        "sandboxedProgram",
        "scriptedClient",
        "startGuardProxy",
        "startProxyDispatcher",
      ]
    `);
  });
});
