import fs from 'node:fs';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

// `npm start` builds the web app only when a source file is newer than the last build.
const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', 'web', 'index.html');
const sources = ['src/web', 'src/shared', 'vite.config.ts', 'package-lock.json'].map((p) => path.join(root, p));

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of fs.readdirSync(p)) max = Math.max(max, newestMtime(path.join(p, e)));
  return max;
}

const built = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (built === 0 || Math.max(...sources.map(newestMtime)) > built) {
  console.log('Käännetään selainsovellus (vite build)…');
  const r = spawnSync('npx', ['--no-install', 'vite', 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
