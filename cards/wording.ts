import { namesIn, translator } from './i18n/index.js';

/** Names joined for a sentence: "Ana", "Ana and Bo", "Ana, Bo and Cy" (English; `namesIn` for other languages). */
export function namesText(names: readonly string[]): string {
  return namesIn(translator('en'), names);
}
