import { z } from 'zod';

// zod 4 compiles object parsers with `new Function` and probes for it when the first object schema
// is made. Our Content-Security-Policy forbids eval, so the probe alone put a CSP complaint in the
// console of every form screen. Without the JIT zod parses the same, only without that shortcut.
// main.tsx imports this module first: every schema is made after it has run.
z.config({ jitless: true });
