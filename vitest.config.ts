import { defineConfig } from 'vitest/config';

/** Server test files that replace a module with vi.mock: they need a module graph of their own. */
const MOCKING_SERVER_TESTS = ['tests/api/fileStoreDiskErrors.test.ts'];

// Projects: server code and API (node; the few files that mock modules in 'server-isolated'), UI
// units (happy-dom), browser end-to-end (Chromium).
// Each server test file gets its own database (tests/helpers/testDb.ts), so files run in parallel.
export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: a single worker on a 2-core CI machine,
    // so server and UI files ran one at a time. Two keep both cores busy (server project 330 s → 210 s).
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'src/**/*.test.{ts,tsx}',
            'tests/api/**/*.test.ts',
            'tests/cli/**/*.test.ts',
            'tests/architecture/**/*.test.ts',
          ],
          exclude: MOCKING_SERVER_TESTS,
          // The files of a worker share one module graph: importing the whole app anew for each of
          // ~150 files cost ~220 s of a CI pass (import 226 s → 9 s). Every file builds its own app
          // and database (tests/helpers/testApp.ts), so nothing a test sees depends on module state.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'server-isolated',
          environment: 'node',
          include: MOCKING_SERVER_TESTS,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'ui',
          environment: 'happy-dom',
          // Spectrum screens render slowly in happy-dom on a loaded 2-core machine: 5 s is too tight.
          testTimeout: 30_000,
          include: ['ui/src/**/*.test.{ts,tsx}'],
          server: { deps: { inline: [/@adobe\/react-spectrum/, /@react-spectrum\//, /@spectrum-icons\//] } },
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // expect.poll waits 1 s by default: too short for a page on a busy 2-core CI machine.
          expect: { poll: { timeout: 15_000, interval: 100 } },
          // One app and one browser per file; two files at once are enough for two cores. Runs
          // after the other projects (a project with its own worker count needs its own group).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
