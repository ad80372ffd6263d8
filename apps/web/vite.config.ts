import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Brotli and gzip copies of the built text files, written beside them: the server sends the copy a
 * browser accepts (@fastify/static's preCompressed) instead of compressing on every request. The
 * first route's ~900 KB of script and style travels as about a quarter of that.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'earn-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle() {
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json)$/.test(file) || statSync(file).size < 1024) continue;
        const body = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    },
  };
}

// What every page needs goes into one long-cached chunk; everything else splits by route.
const FRAMEWORK =
  /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack[\\/](query-core|react-query)|i18next|react-i18next|dayjs|clsx)[\\/]/;

// The shell the first route renders, with the Mantine pieces it pulls in (a group takes its modules'
// dependencies along): one chunk compresses better than twenty.
const SHELL =
  /src[\\/](api[\\/]|i18n[\\/](index\.|en\.json)|app[\\/](App|Layout|HomePage|HeaderButtons|lines|embed|auth|breakpoints|routes|providers|theme|Toasts|FundpassPrompt)\.|components[\\/]icons\.|features[\\/][^\\/]+[\\/]routes\.)/;

export default defineConfig({
  plugins: [react(), precompress()],
  server: { proxy: { '/api': 'http://127.0.0.1:3000', '/apiw': 'http://127.0.0.1:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'framework', test: FRAMEWORK },
            { name: 'shell', test: SHELL },
          ],
        },
      },
    },
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Component tests that type into forms take a few seconds on two shared cores; 5 s (Vitest's
    // default) failed them by time alone while the machine ran other suites.
    testTimeout: 60_000,
    passWithNoTests: true,
    // Both cores, two files at a time: Vitest's default on a 2-core machine is one worker, which left
    // a core idle for the 87 files' jsdom set-up (most of their time).
    maxWorkers: 2,
    // The UI libraries bundled once into single modules for the tests: each file imported Mantine's
    // hundreds of modules one by one, most of a component test's time.
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            '@mantine/core',
            '@mantine/dates',
            '@mantine/hooks',
            '@mantine/notifications',
            '@tanstack/react-query',
            '@tanstack/react-virtual',
            'dayjs',
            'i18next',
            'react',
            'react-dom',
            'react-dom/client',
            'react-i18next',
            'react-router',
            '@testing-library/react',
            '@testing-library/user-event',
          ],
        },
      },
    },
  },
});
