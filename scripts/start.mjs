// `npm start`: builds what the playground needs (every package and the page: `turbo run build`, cached
// when nothing changed), then runs the playground's entry in this process, so Ctrl+C and SIGTERM reach
// it directly. The build's output goes to stderr: stdout carries only the playground's own lines
// (its address with the token, the data folder). PORT and WESGINE_PLAYGROUND_DATA are read by the entry.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
const build = spawnSync('npx', ['turbo', 'run', 'build', '--output-logs=errors-only'], {
  cwd: root,
  env,
  stdio: ['ignore', 2, 2],
});
if (build.status !== 0) {
  const why = build.error === undefined ? `exit code ${build.status ?? build.signal}` : build.error.message;
  process.stderr.write(`wesgine tools playground: the build failed (${why}); see its output above\n`);
  process.exit(1);
}
await import(pathToFileURL(join(root, 'apps', 'playground', 'dist', 'server', 'start.js')).href);
