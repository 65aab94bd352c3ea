import { readdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import optimizeLocales from '@react-aria/optimize-locales-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const uiRoot = fileURLToPath(new URL('.', import.meta.url));
// The Koa server in development; KGV_API_URL points elsewhere (e.g. a second checkout).
const apiTarget = process.env.KGV_API_URL ?? 'http://localhost:3000';

/**
 * Writes a .br (quality 11) and a .gz (level 9) beside every text file of the build, once, so the
 * server sends them as they are (src/http/staticUi.ts) instead of compressing on each request or
 * not at all. Images and fonts are compressed already and are left alone.
 */
function precompress(): Plugin {
  const compressible = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  let outDir = '';
  return {
    name: 'kgv-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // After the bundle and the public folder are written: compress what is on disk.
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true })).filter((f) => compressible.test(f));
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(outDir, file);
          const raw = await readFile(full);
          const [brotli, gzipped] = await Promise.all([
            br(raw, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
              },
            }),
            gz(raw, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${full}.br`, brotli), writeFile(`${full}.gz`, gzipped)]);
        }),
      );
    },
  };
}

// The UI lives in ui/ and builds to ui/dist, which the Koa server serves with an SPA fallback.
export default defineConfig({
  root: uiRoot,
  plugins: [
    // Keeps only the German strings of React Aria/Spectrum (~130 KB less).
    { ...optimizeLocales.vite({ locales: ['de-AT', 'de-DE'] }), enforce: 'pre' },
    react(),
    precompress(),
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
