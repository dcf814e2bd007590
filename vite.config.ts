import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The web app lives in src/web; the server serves the build from dist/web.
const repoRoot = fileURLToPath(new URL('.', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('./src/web', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: `${repoRoot}dist/web`,
    emptyOutDir: true,
    // scripts/bundle-sizes.ts reads which chunks each route loads from the manifest.
    manifest: true,
    // Large vendor bundles (Mantine, React) are expected; keep the warning meaningful.
    chunkSizeWarningLimit: 1500,
  },
  server: {
    host: '127.0.0.1',
    proxy: {
      '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false },
      // The invoice reports' downloads are server files outside /api.
      '/invoice_report': { target: 'http://127.0.0.1:3000', changeOrigin: false },
    },
  },
});
