// The public surface of @wesgine/adapter-kb. Adding a name here makes it public API.

export {};
