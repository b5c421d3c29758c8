// `npm start`: builds what is missing or out of date (web console, server, simulator), then runs the server
// with every service on embedded defaults: PGlite in ./data, the MQTT broker on 1883, the console on :8080,
// the simulated demo fleet.
import { spawn } from 'node:child_process';
import { buildIfStale } from './build-if-stale.mjs';

try {
  buildIfStale();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
