import { spawn } from 'node:child_process';

// `npm run dev`: API server with reload on change (port 3000) + Vite dev server with HMR,
// which proxies /api to it. Ctrl-C stops both.
const children = [
  spawn('node', ['--watch-path=src/server', '--watch-path=src/shared', '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { NODE_ENV: 'development', ...process.env, PORT: process.env.PORT ?? '3000' },
  }),
  spawn('npx', ['--no-install', 'vite'], { stdio: 'inherit' }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
