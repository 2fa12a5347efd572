// Block Kit limits (chatops-platforms.md §2.7). Only the Slack renderer knows them.

/** Every limit the renderer enforces, kept at or under Slack's published numbers. */
export const BLOCK_KIT_LIMITS = {
  blocks: 50,
  sectionText: 3_000,
  fields: 10,
  fieldText: 2_000,
  headerText: 150,
  actionsElements: 25,
  buttonText: 75,
  buttonValue: 2_000,
  actionId: 255,
  contextElements: 10,
  /** Slack's undocumented aggregate (~13k characters of block content, bolt-js#2509), measured as block JSON with headroom. */
  aggregate: 12_000,
  /** Notification text; Slack truncates at 40k, a notification needs far less. */
  topLevelText: 3_000,
} as const;

/** Shortens text to `max` characters, ending with `suffix` (an ellipsis, or a "see more" link). */
export function truncate(text: string, max: number, suffix = '…'): string {
  if (text.length <= max) return text;
  return `${text.slice(0, Math.max(0, max - suffix.length))}${suffix}`;
}
