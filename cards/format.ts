// Text formatting shared by the card builders (dates and times: the translator in cards/i18n/).

/** Capitalises the first letter (surface names in outcome lines: `via Slack`). */
export function capitalise(word: string): string {
  return word.length === 0 ? word : `${word[0]!.toUpperCase()}${word.slice(1)}`;
}

/** Shortens text to `max` characters with an ellipsis; cards keep items to one readable line. */
export function clip(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, Math.max(0, max - 1))}…`;
}
