import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DOC_IMAGES = join(process.cwd(), 'docs', 'img');
const ARTIFACTS = join(process.cwd(), 'test-artifacts');

/**
 * Takes a screenshot into test-artifacts/ on every run, and copies it to docs/img/ (what the docs link) only when
 * that copy is missing or LOOPX_UPDATE_SCREENSHOTS=1, like updating snapshots: anti-aliasing differs by a few
 * pixels between runs, and `npm test` must leave the tree as it found it.
 */
export async function saveScreenshot(name: string, take: (path: string) => Promise<Buffer>): Promise<void> {
  mkdirSync(ARTIFACTS, { recursive: true });
  const image = await take(join(ARTIFACTS, name));
  if (process.env.LOOPX_UPDATE_SCREENSHOTS === '1' || !existsSync(join(DOC_IMAGES, name))) {
    mkdirSync(DOC_IMAGES, { recursive: true });
    writeFileSync(join(DOC_IMAGES, name), image);
  }
}
