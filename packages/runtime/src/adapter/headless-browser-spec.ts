/** `CellSpec.headlessBrowser`: stateless page reading in a small pool of browser contexts. */
export type HeadlessBrowserSpec = {};
