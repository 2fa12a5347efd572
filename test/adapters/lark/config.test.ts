import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/config.js';

const load = (env: Record<string, string>) => loadConfig({ LOOPX_DB: ':memory:', ...env }, '/nonexistent');

describe('Lark configuration', () => {
  it('runs without Lark when LARK_APP_ID is unset or empty (.env.example copied as is)', () => {
    expect(load({}).LARK_APP_ID).toBeUndefined();
    expect(load({ LARK_APP_ID: '', LARK_APP_SECRET: '' }).LARK_APP_ID).toBeUndefined();
    expect(load({}).LARK_MODE).toBe('ws');
    expect(load({}).LARK_DOMAIN).toBe('feishu');
  });

  it('refuses to start webhook mode without an encrypt key, naming what to set', () => {
    expect(() => load({ LARK_APP_ID: 'cli_x', LARK_APP_SECRET: 's', LARK_MODE: 'webhook', LARK_VERIFICATION_TOKEN: 'v' })).toThrow(ConfigError);
    expect(() => load({ LARK_APP_ID: 'cli_x', LARK_APP_SECRET: 's', LARK_MODE: 'webhook', LARK_VERIFICATION_TOKEN: 'v' })).toThrow(/LARK_ENCRYPT_KEY/);
    expect(() => load({ LARK_APP_ID: 'cli_x', LARK_APP_SECRET: 's', LARK_MODE: 'webhook', LARK_ENCRYPT_KEY: 'k' })).toThrow(/LARK_VERIFICATION_TOKEN/);
    expect(load({ LARK_APP_ID: 'cli_x', LARK_APP_SECRET: 's', LARK_MODE: 'webhook', LARK_ENCRYPT_KEY: 'k', LARK_VERIFICATION_TOKEN: 'v' }).LARK_MODE).toBe('webhook');
  });

  it('needs the app secret with the app id, and accepts feishu, lark or a base URL as the domain', () => {
    expect(() => load({ LARK_APP_ID: 'cli_x' })).toThrow(/LARK_APP_SECRET/);
    expect(load({ LARK_DOMAIN: 'lark' }).LARK_DOMAIN).toBe('lark');
    expect(load({ LARK_DOMAIN: 'https://proxy.example.com' }).LARK_DOMAIN).toBe('https://proxy.example.com');
    expect(() => load({ LARK_DOMAIN: 'larksuite' })).toThrow(/LARK_DOMAIN/);
  });
});
