// The public surface of @wesgine/runtime/plugin: the plugin SDK. Adding a name here makes it public API.
//
// `servePlugin(pack)` runs any tool pack as a plugin of a cell (`CellSpec.plugins`): newline-delimited
// JSON-RPC 2.0 on stdin and stdout, the protocol the runtime README's "Plugins" section writes down.

export type { ServePluginOptions } from './serve-plugin.js';
export { servePlugin } from './serve-plugin.js';
