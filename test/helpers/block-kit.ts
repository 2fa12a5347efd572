import { BLOCK_KIT_LIMITS as L } from '../../adapters/slack/limits.js';
import type { SlackMessage } from '../../adapters/slack/render.js';

type Json = Record<string, any>;

function textOf(element: Json | undefined): string {
  return typeof element?.text === 'string' ? element.text : '';
}

function blockProblems(block: Json, index: number): string[] {
  const problems: string[] = [];
  const at = `block ${index} (${block.type})`;
  if (block.type === 'header' && textOf(block.text).length > L.headerText) problems.push(`${at}: header over ${L.headerText}`);
  if (block.type === 'section') {
    if (textOf(block.text).length > L.sectionText) problems.push(`${at}: text over ${L.sectionText}`);
    const fields: Json[] = block.fields ?? [];
    if (fields.length > L.fields) problems.push(`${at}: ${fields.length} fields`);
    for (const field of fields) if (textOf(field).length > L.fieldText) problems.push(`${at}: field over ${L.fieldText}`);
    if (!block.text && fields.length === 0) problems.push(`${at}: empty section`);
  }
  if (block.type === 'actions') {
    const elements: Json[] = block.elements ?? [];
    if (elements.length === 0 || elements.length > L.actionsElements) problems.push(`${at}: ${elements.length} elements`);
    for (const button of elements) {
      if (textOf(button.text).length > L.buttonText) problems.push(`${at}: button text over ${L.buttonText}`);
      if (String(button.value ?? '').length > L.buttonValue) problems.push(`${at}: button value over ${L.buttonValue}`);
      if (String(button.action_id ?? '').length > L.actionId) problems.push(`${at}: action_id over ${L.actionId}`);
    }
    const ids = elements.map((b) => b.action_id);
    if (new Set(ids).size !== ids.length) problems.push(`${at}: duplicate action_id`);
  }
  if (block.type === 'context' && (block.elements ?? []).length > L.contextElements) problems.push(`${at}: too many context elements`);
  return problems;
}

/** Every Block Kit limit a message breaks (empty when Slack would accept it). */
export function blockKitViolations(message: SlackMessage): string[] {
  const problems = (message.blocks as Json[]).flatMap(blockProblems);
  if (message.blocks.length > L.blocks) problems.push(`${message.blocks.length} blocks`);
  if (JSON.stringify(message.blocks).length > 13_000) problems.push(`aggregate ${JSON.stringify(message.blocks).length} chars`);
  if (message.text.length === 0 || message.text.length > 40_000) problems.push('top-level text missing or too long');
  const actionIds = (message.blocks as Json[]).flatMap((b) => (b.type === 'actions' ? b.elements.map((e: Json) => e.action_id) : []));
  if (new Set(actionIds).size !== actionIds.length) problems.push('duplicate action_id across the message');
  return problems;
}
