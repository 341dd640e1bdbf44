// The public surface of @wesgine/playground/server: the embedded default `npm start` runs.
export type { PlaygroundOptions, RunningPlayground } from './start-playground.js';
export { DEFAULT_PORT, startPlayground } from './start-playground.js';
