import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress';

// The web app lives in src/web; the server serves the build from dist/web.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

// React Router's package exports name only its development build (ENABLE_DEV_WARNINGS on:
// remix-run/react-router#12532, #14102); the production build beside it is the same code
// with the warnings off, which the minifier then drops.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));

export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    // scripts/bundle-sizes.ts reads which chunks each route loads from the manifest.
    manifest: true,
    // Large vendor bundles (Mantine, React) are expected; keep the warning meaningful.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        // The icons in one chunk (a few kB gzipped): split by the pages that share them they were
        // a dozen files of under 1 kB on the member list's first load, each a request of its own
        // over the six connections a browser opens to the server.
        codeSplitting: { groups: [{ name: 'icons', test: /node_modules[\\/]@tabler[\\/]icons-react/ }] },
      },
    },
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The invoice reports' downloads are server files outside /api.
      '/invoice_report': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
}));
