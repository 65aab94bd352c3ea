import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** Everything the app reads from the environment, validated once at start-up. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .regex(/^mysql2?:\/\/.+/, 'muss mit mysql:// beginnen (ohne Angabe: SQLite in DATA_DIR)')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  BASE_URL: z.url('muss eine URL sein, z. B. https://kgv.example.at').optional(),
  CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  SESSION_SECRET: z.string().min(32, 'muss mindestens 32 Zeichen lang sein').optional(),
  SMTP_HOST: z.string().min(1).optional(),
  SMTP_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  SMTP_SECURE: z.enum(['none', 'starttls', 'tls']).optional(),
  SMTP_USER: z.string().optional(),
  SMTP_PASSWORD: z.string().optional(),
  SMTP_FROM: z.string().optional(),
  /** Behind a reverse proxy: trust X-Forwarded-Proto so cookies get the Secure flag. */
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  KGV_ADMIN_EMAIL: z.email('muss eine E-Mail-Adresse sein').optional(),
  KGV_ADMIN_PASSWORD: z.string().min(10, 'muss mindestens 10 Zeichen lang sein').optional(),
  LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
  NODE_ENV: z.string().default('production'),
});

export type SmtpConfig = {
  host: string;
  port: number;
  security: 'none' | 'starttls' | 'tls';
  user?: string;
  password?: string;
  from: string;
};

export type Config = {
  port: number;
  host: string;
  /** `undefined` means the embedded SQLite database in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  baseUrl: string;
  chromiumPath: string;
  sessionSecret: string;
  /** Seals secrets at rest (TOTP keys, SMTP password); DATA_DIR/data-key, independent of SESSION_SECRET. */
  dataKey: string;
  smtp?: SmtpConfig;
  trustProxy: boolean;
  adminEmail?: string;
  adminPassword?: string;
  logLevel: 'debug' | 'info' | 'warn' | 'error' | 'silent';
};

export class ConfigError extends Error {}

/** Reads and checks the environment; throws a ConfigError whose message is one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // Empty strings in an env file mean "not set", as docker compose writes them.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const name = String(issue?.path[0] ?? 'Umgebung');
    throw new ConfigError(`Konfigurationsfehler: ${name} ${issue?.message ?? 'ist ungültig'}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  mkdirSync(dataDir, { recursive: true });
  const smtp: SmtpConfig | undefined = e.SMTP_HOST
    ? {
        host: e.SMTP_HOST,
        port: e.SMTP_PORT ?? (e.SMTP_SECURE === 'tls' ? 465 : 587),
        security: e.SMTP_SECURE ?? 'starttls',
        user: e.SMTP_USER,
        password: e.SMTP_PASSWORD,
        from: e.SMTP_FROM ?? `kgv@${e.SMTP_HOST}`,
      }
    : undefined;
  return {
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    dataDir,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ''),
    chromiumPath: e.CHROMIUM_PATH,
    sessionSecret: e.SESSION_SECRET ?? loadOrCreateSecret(dataDir, 'session-secret'),
    dataKey: loadOrCreateSecret(dataDir, 'data-key'),
    smtp,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    adminEmail: e.KGV_ADMIN_EMAIL,
    adminPassword: e.KGV_ADMIN_PASSWORD,
    logLevel: e.LOG_LEVEL,
  };
}

/**
 * Generated once and kept (mode 0600): the session secret, so sessions and anti-forgery tokens survive
 * a restart; the data key, which seals the TOTP keys and the SMTP password and so belongs in every
 * backup together with the database (docs/deployment.md).
 */
function loadOrCreateSecret(dataDir: string, name: 'session-secret' | 'data-key'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
