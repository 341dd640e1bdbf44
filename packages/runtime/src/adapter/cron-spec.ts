/** `CellSpec.cron`: scheduled tool calls and agent prompts, kept in the cell's data folder. */
export type CronSpec = {};
