// The `kgv` root command (bin/kgv.mjs loads this file); the commands are built in ./program.
import { run } from './program';

await run();
