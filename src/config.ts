import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { LOCALES, localeFromPosix } from './kernel/locale.js';

const Port = z.coerce.number().int().min(0).max(65_535);
/** An optional setting where an empty value (`KEY=` copied from .env.example) means unset. */
const Optional = z.preprocess((value) => (value === '' ? undefined : value), z.string().min(1).optional());
/** An optional setting with its own format, where an empty `KEY=` line means unset. */
const blankIsUnset = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** Every setting LoopX reads, from the environment (and `.env`); `.env.example` lists them in this order. */
export const ConfigSchema = z.object({
  LOOPX_DB: z.string().min(1).default('.loopx/loopx.db'),
  LOOPX_HOST: z.string().min(1).default('127.0.0.1'),
  LOOPX_PORT: Port.default(8787),
  LOOPX_BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).max(16 * 1024 * 1024).default(256 * 1024),
  LOOPX_SYNCHRONOUS: z.enum(['NORMAL', 'FULL']).default('FULL'),
  LOOPX_REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  LOOPX_HEADERS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(10_000),
  LOOPX_LOG_LEVEL: z.enum(['silent', 'error', 'warn', 'info']).default('info'),
  LOOPX_LOG_FORMAT: z.enum(['text', 'json']).default('text'),
  LOOPX_DEMO: z.enum(['auto', 'off']).default('auto'),
  LOOPX_PUBLIC_URL: z.preprocess((value) => (value === '' ? undefined : value), z.url({ protocol: /^https?$/ }).optional()),
  LOOPX_WEB_LOGIN_MINUTES: z.coerce.number().int().min(1).max(24 * 60).default(15),
  LOOPX_WEB_SESSION_HOURS: z.coerce.number().int().min(1).max(24 * 30).default(12),
  LOOPX_SENDER_LEASE_SECONDS: z.coerce.number().int().min(2).max(600).default(15),
  /** A pending gate reminds the people it waits on after this many minutes, then escalates after twice as many. */
  LOOPX_REMIND_AFTER_MINUTES: z.coerce.number().int().min(5).max(7 * 24 * 60).default(60),
  /** The ledger's HMAC key (≥ 32 characters); without it the key lives in `<LOOPX_DB>.ledger-key` (mode 0600). */
  LOOPX_LEDGER_KEY: z.preprocess((value) => (value === '' ? undefined : value), z.string().min(32, 'use at least 32 random characters').optional()),
  /** The operator's language in the terminal (`loopx doctor`'s advice): `en` or `zh-CN`; default from LC_ALL / LC_MESSAGES / LANG. */
  LOOPX_LOCALE: blankIsUnset(z.enum(LOCALES)),
  LARK_APP_ID: Optional,
  LARK_APP_SECRET: Optional,
  LARK_ENCRYPT_KEY: Optional,
  LARK_VERIFICATION_TOKEN: Optional,
  LARK_DOMAIN: z.union([z.enum(['feishu', 'lark']), z.url({ protocol: /^https?$/ })]).default('feishu'),
  LARK_MODE: z.enum(['ws', 'webhook']).default('ws'),
  /** `on`: buzz people (urgent_app, permission im:message.urgent) about a high-risk gate about to expire. */
  LARK_URGENT_APP: z.enum(['on', 'off']).default('off'),
  SLACK_BOT_TOKEN: blankIsUnset(z.string().regex(/^xoxb-/, 'a bot token starts with xoxb-')),
  SLACK_SIGNING_SECRET: blankIsUnset(z.string().min(8)),
  SLACK_APP_TOKEN: blankIsUnset(z.string().regex(/^xapp-/, 'an app-level token starts with xapp-')),
  SLACK_API_URL: blankIsUnset(z.url({ protocol: /^https?$/ })),
}).refine((c) => c.LOOPX_HEADERS_TIMEOUT_MS <= c.LOOPX_REQUEST_TIMEOUT_MS, {
  message: 'must not exceed LOOPX_REQUEST_TIMEOUT_MS (Node refuses a header timeout longer than the request timeout)',
  path: ['LOOPX_HEADERS_TIMEOUT_MS'],
}).superRefine(requireCompleteLark);

/**
 * Lark is optional, but once LARK_APP_ID is set the rest must be right: webhook mode refuses to start without
 * an encrypt key and verification token, because the SDK alone would accept unsigned, replayed events.
 */
function requireCompleteLark(env: { LARK_APP_ID?: string | undefined; LARK_APP_SECRET?: string | undefined; LARK_ENCRYPT_KEY?: string | undefined; LARK_VERIFICATION_TOKEN?: string | undefined; LARK_MODE: string }, ctx: z.RefinementCtx): void {
  if (env.LARK_APP_ID === undefined) return;
  const missing = (key: string, why: string) => ctx.addIssue({ code: 'custom', path: [key], message: `required ${why}` });
  if (env.LARK_APP_SECRET === undefined) missing('LARK_APP_SECRET', 'when LARK_APP_ID is set (app credentials page of the developer console)');
  if (env.LARK_MODE !== 'webhook') return;
  if (env.LARK_ENCRYPT_KEY === undefined) missing('LARK_ENCRYPT_KEY', 'in webhook mode (Events & Callbacks > Encryption strategy); or use LARK_MODE=ws');
  if (env.LARK_VERIFICATION_TOKEN === undefined) missing('LARK_VERIFICATION_TOKEN', 'in webhook mode (Events & Callbacks > Encryption strategy)');
}

/** Hosts that only this machine can reach; any other bind address makes the web board require a session. */
const LOOPBACK_HOSTS: ReadonlySet<string> = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** True when the server is bound to a loopback address only. */
export function isLoopbackHost(host: string): boolean {
  return LOOPBACK_HOSTS.has(host.toLowerCase());
}

/** The base URL people open: LOOPX_PUBLIC_URL, else the bound host and port. */
export function boardUrl(config: Pick<Config, 'LOOPX_HOST' | 'LOOPX_PUBLIC_URL'>, port: number): string {
  if (config.LOOPX_PUBLIC_URL) return config.LOOPX_PUBLIC_URL.replace(/\/+$/, '');
  const host = config.LOOPX_HOST.includes(':') && !config.LOOPX_HOST.startsWith('[') ? `[${config.LOOPX_HOST}]` : config.LOOPX_HOST;
  return `http://${host}:${port}`;
}

/** Parsed, frozen configuration. */
export type Config = Readonly<z.infer<typeof ConfigSchema>>;

/** A configuration problem, with what to fix. */
export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/**
 * Reads a `.env` file the way the dotenv convention does (Node's own parser): `# comments` after a value,
 * `export KEY=…`, single/double quotes and blank values. The real environment wins over it.
 */
export function readDotEnv(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const entries: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(readFileSync(path, 'utf8')))) if (value !== undefined) entries[key] = value;
  return entries;
}

/** Settings that hold a credential: never printed, and never legitimately holding spaces or `#`. */
const SECRET_SETTINGS = ['SLACK_BOT_TOKEN', 'SLACK_SIGNING_SECRET', 'SLACK_APP_TOKEN', 'LARK_APP_ID', 'LARK_APP_SECRET', 'LARK_ENCRYPT_KEY', 'LARK_VERIFICATION_TOKEN', 'LOOPX_LEDGER_KEY'] as const;

/**
 * The credential settings whose value holds whitespace or `#`: a comment or a second word pasted into the value
 * (e.g. a systemd EnvironmentFile or `docker --env-file`, which keep the text after `#`). Every signature check
 * made with such a secret fails, so `loopx doctor` names them (never their values).
 */
export function suspiciousSecrets(config: Config): string[] {
  return SECRET_SETTINGS.filter((key) => {
    const value = config[key];
    return typeof value === 'string' && /[\s#]/.test(value);
  });
}

/** Loads the configuration once, from the composition root; fails with every problem named. */
export function loadConfig(env: Record<string, string | undefined> = process.env, cwd = process.cwd()): Config {
  const merged = { ...readDotEnv(resolve(cwd, '.env')), ...env };
  const parsed = ConfigSchema.safeParse(merged);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Configuration is invalid: ${problems}. Fix the environment or .env (see .env.example).`);
  }
  const dbPath = parsed.data.LOOPX_DB === ':memory:' ? ':memory:' : resolve(cwd, parsed.data.LOOPX_DB);
  const locale = parsed.data.LOOPX_LOCALE ?? localeFromPosix(merged['LC_ALL'] || merged['LC_MESSAGES'] || merged['LANG']);
  return Object.freeze({ ...parsed.data, LOOPX_DB: dbPath, LOOPX_LOCALE: locale });
}
