/** A small structured logger: one JSON line per event on stdout (stderr for errors). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
const order: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export type Logger = {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
};

export function createLogger(level: LogLevel = 'info'): Logger {
  const emit = (at: Exclude<LogLevel, 'silent'>, msg: string, data?: Record<string, unknown>) => {
    if (order[at] < order[level]) return;
    const line = JSON.stringify({ t: new Date().toISOString(), level: at, msg, ...data });
    (at === 'error' || at === 'warn' ? process.stderr : process.stdout).write(`${line}\n`);
  };
  return {
    debug: (m, d) => emit('debug', m, d),
    info: (m, d) => emit('info', m, d),
    warn: (m, d) => emit('warn', m, d),
    error: (m, d) => emit('error', m, d),
  };
}
