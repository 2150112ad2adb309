// `npm run dev`: the server under tsx watch (restarts when a server file changes), with the web app through
// Vite's dev server in the same process (hot reload; pages rendered by the same loaders as in production).
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '5173';
const child = spawn(
  'npx',
  ['tsx', 'watch', '--clear-screen=false', '--ignore', 'src/web/**', 'src/server/main.ts'],
  {
    stdio: 'inherit',
    env: {
      ...process.env,
      PACT_DEV: '1',
      PORT: port,
      APP_URL: process.env.APP_URL ?? `http://localhost:${port}`,
    },
  },
);
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  process.exitCode = code ?? 0;
});
