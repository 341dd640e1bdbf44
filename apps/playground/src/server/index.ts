// The public surface of @wesgine/playground/server: the embedded default `npm start` runs.

export { DEFAULT_PORT } from './default-port.js';
export type { PlaygroundOptions, RunningPlayground } from './start-playground.js';
export { startPlayground, WORKSPACE_FOLDER } from './start-playground.js';
