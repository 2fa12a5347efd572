import { z } from 'zod';

/** Slugs chosen by people (goal, person, agent ids): lowercase letters, digits, `_` and `-`, 1–64 chars. */
export const Slug = z
  .string()
  .regex(/^[a-z0-9][a-z0-9_-]{0,63}$/, 'use 1–64 lowercase letters, digits, "_" or "-", starting with a letter or digit');
