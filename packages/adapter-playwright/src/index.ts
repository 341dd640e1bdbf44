// The public surface of @wesgine/adapter-playwright. Adding a name here makes it public API.

export {};
