// `npm start`: until the playground lands, build, generate every pack and print their catalogue.
import { spawnSync } from 'node:child_process';

const env = { ...process.env, TURBO_TELEMETRY_DISABLED: '1' };
for (const args of [
  ['turbo', 'run', 'build', '--output-logs=errors-only'],
  ['wesgine-tools', 'gen'],
  ['wesgine-tools', 'list'],
]) {
  const result = spawnSync('npx', args, { stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
