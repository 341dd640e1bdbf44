// The public surface of @wesgine/adapter-cron. Adding a name here makes it public API.

export {};
