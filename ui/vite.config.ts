import { fileURLToPath } from 'node:url';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
// The Koa server in development; KGV_API_URL points elsewhere (e.g. a second checkout).
const apiTarget = process.env.KGV_API_URL ?? 'http://localhost:3000';

// The UI lives in ui/ and builds to ui/dist, which the Koa server serves with an SPA fallback.
export default defineConfig({
  root: uiRoot,
  plugins: [
    // Keeps only the German strings of React Aria/Spectrum (~130 KB less).
    { ...optimizeLocales.vite({ locales: ['de-AT', 'de-DE'] }), enforce: 'pre' },
    react(),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React.lazy splits login, shell and screens. Without this group the modules every page
        // needs end up in a dozen tiny shared chunks (one request each); here they form one.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
    },
  },
});
