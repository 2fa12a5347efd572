import type { Message } from './catalog.js';

// Chat replies beyond clicks: kernel refusals by error code, status and review text, parse errors, Slack's own ephemeral and App Home texts.
// English first (the source of keys and placeholder types), then 简体中文 with exactly the same keys.

export const chatEn = {} as const;

export const chatZhCN: Readonly<Record<keyof typeof chatEn, Message>> = {};
