// The public surface of @wesgine/adapter-email. Adding a name here makes it public API.

export {};
