// The public surface of @wesgine/builtins. The Tier E tools arrive with their own issue.

export {};
