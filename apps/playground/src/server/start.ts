// `npm start`'s entry (scripts/start.mjs runs the built copy): the playground on the embedded default.
// Reads PORT and WESGINE_PLAYGROUND_DATA, prints the page's address with its token and the data folder,
// and stops cleanly on SIGINT or SIGTERM. Anything wrong is one line on stderr and exit code 1.
import { packageFolder } from './package-folder.js';
import { type RunningPlayground, startPlayground } from './start-playground.js';
import { startSettings } from './start-settings.js';

const PREFIX = 'wesgine tools playground';

function fail(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  process.stderr.write(`${PREFIX}: ${message}\n`);
  process.exitCode = 1;
}

async function main(): Promise<void> {
  const { dataDir, port } = startSettings(process.env, packageFolder());
  const playground: RunningPlayground = await startPlayground({ dataDir, port });
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      // A second signal: the person does not want to wait.
      process.stderr.write(`${PREFIX}: ${signal} again, stopping at once\n`);
      process.exit(1);
    }
    stopping = true;
    process.stdout.write(`${PREFIX}: stopping (${signal})\n`);
    playground.close().then(
      () => process.exit(process.exitCode ?? 0),
      (error: unknown) => {
        fail(error);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (const warning of playground.warnings) process.stderr.write(`${PREFIX}: warning: ${warning}\n`);
  process.stdout.write(`${PREFIX}: ${playground.pageUrl}\ndata: ${playground.dataDir}\n`);
}

main().catch(fail);
