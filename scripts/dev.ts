import { spawn } from 'node:child_process';

/**
 * `npm run dev`: the API with the embedded sign-in on API_PORT, restarted on
 * change, and Vite with hot reload on PORT in front of it. The issuer is the
 * Vite origin, so sign-in runs through the proxy exactly as in production.
 */
const port = process.env.PORT ?? '8787';
const apiPort = process.env.API_PORT ?? '8788';
const publicUrl = `http://localhost:${port}`;

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', PUBLIC_URL: publicUrl, LOG_REQUESTS: 'true' },
  }),
  spawn(process.execPath, ['node_modules/vite/bin/vite.js'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, API_PORT: apiPort },
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
