#!/usr/bin/env node
import { main } from '../dist/cli/main.js';

// Output piped into `head` and closed early is not a failure of the command.
process.stdout.on('error', (error) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});
process.exitCode = await main(process.argv.slice(2));
