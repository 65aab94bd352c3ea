#!/usr/bin/env node
// The `kgv` command. TypeScript sources run through tsx's loader so that the same code serves the
// server, the CLI and the tests without a separate compile step (see docs/adr/0002-run-with-tsx.md).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/kgv.ts');
