// The public surface of @wesgine/adapter-headless-browser. Adding a name here makes it public API.

export {};
