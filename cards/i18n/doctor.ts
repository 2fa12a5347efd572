import type { Message } from './catalog.js';

// loopx doctor's checks and advice.
// English first (the source of keys and placeholder types), then 简体中文 with exactly the same keys.

export const doctorEn = {} as const;

export const doctorZhCN: Readonly<Record<keyof typeof doctorEn, Message>> = {};
