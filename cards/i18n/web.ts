import type { Message } from './catalog.js';

// The web board's pages: layout, navigation, login, goal/gate/digest/audit pages, charts, form answers.
// English first (the source of keys and placeholder types), then 简体中文 with exactly the same keys.

export const webEn = {} as const;

export const webZhCN: Readonly<Record<keyof typeof webEn, Message>> = {};
