// The public surface of @wesgine/adapter-desktop. Adding a name here makes it public API.

export {};
