// The playground UI arrives with its own issue.
export {};
