// A preview of a Lark card JSON 2.0 as a Feishu client would lay it out, for screenshots in the docs: drawn from
// the exact JSON LoopX sends (cardToLark), in the language a client set to `language` would show (`i18n_content`,
// else `content`). Only the elements LoopX's renderer emits are drawn; anything else fails loudly.

type Json = Record<string, any>;

const HEADER_TINT: Readonly<Record<string, [string, string]>> = {
  blue: ['#e1eaff', '#245bdb'],
  grey: ['#eff0f1', '#646a73'],
  green: ['#d9f5d6', '#237b19'],
  orange: ['#feead2', '#c25705'],
  red: ['#fde2e2', '#c02a2a'],
};
const TEXT_COLOR: Readonly<Record<string, string>> = { default: '#1f2329', grey: '#8f959e', green: '#2ea121', orange: '#de7802', red: '#d83931' };

const escape = (text: string) => text.replace(/[&<>"]/g, (ch) => `&#${ch.codePointAt(0)};`);

/** The text a client set to `language` shows. */
function said(text: Json, language: string): string {
  return String(text.i18n_content?.[language] ?? text.content ?? '');
}

/** Lark markdown as LoopX writes it: **bold**, <font color>, <at id=…>, and HTML entities for escaped characters. */
function markdown(source: string, names: Readonly<Record<string, string>>): string {
  return escape(source.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code))))
    .replace(/&#60;font color='(\w+)'&#62;(.*?)&#60;\/font&#62;/g, (_, color: string, inner: string) => `<span style="color:${TEXT_COLOR[color] ?? color}">${inner}</span>`)
    .replace(/&#60;at id=(ou_\w+)&#62;&#60;\/at&#62;/g, (_, id: string) => `<span class="at">@${escape(names[id] ?? id)}</span>`)
    .replace(/\*\*(.+?)\*\*/g, '<b>$1</b>')
    .replace(/\n/g, '<br>');
}

function button(element: Json, language: string): string {
  return `<span class="button ${element.type ?? 'default'}">${escape(said(element.text, language))}</span>`;
}

function element(e: Json, language: string, names: Readonly<Record<string, string>>): string {
  switch (e.tag) {
    case 'div':
      return `<div class="text ${e.text.text_size ?? 'normal'}" style="color:${TEXT_COLOR[e.text.text_color] ?? TEXT_COLOR.default}">${escape(said(e.text, language)).replace(/\n/g, '<br>')}</div>`;
    case 'markdown':
      return `<div class="text">${markdown(said(e, language), names)}</div>`;
    case 'hr':
      return '<hr>';
    case 'column_set':
      return `<div class="row">${e.columns.flatMap((c: Json) => c.elements).map((b: Json) => element(b, language, names)).join('')}</div>`;
    case 'button':
      return button(e, language);
    case 'form':
      return `<div class="row">${e.elements.map((f: Json) => (f.tag === 'input' ? `<span class="input">${escape(said(f.placeholder, language))}</span>` : element(f, language, names))).join('')}</div>`;
    default:
      throw new Error(`The preview cannot draw a "${String(e.tag)}" element.`);
  }
}

/**
 * A whole HTML page showing one Lark card as a client set to `language` (`zh_cn`, `en_us`) would; `names` are the
 * names the client shows for `<at id=ou_…>` mentions.
 */
export function larkCardPreview(card: Json, language: string, names: Readonly<Record<string, string>> = {}): string {
  const [tint, ink] = HEADER_TINT[card.header?.template ?? 'blue'] ?? HEADER_TINT.blue!;
  const tags = (card.header?.text_tag_list ?? []).map((t: Json) => `<span class="tag">${escape(said(t.text, language))}</span>`).join('');
  const body = (card.body?.elements ?? []).map((e: Json) => element(e, language, names)).join('');
  return `<!doctype html><html lang="${language.replace('_', '-')}"><meta charset="utf-8"><style>
body { margin: 0; padding: 16px; background: #f2f3f5; font: 14px/1.6 "Noto Sans CJK SC", "Noto Sans SC", system-ui, sans-serif; }
.card { width: 440px; background: #fff; border-radius: 8px; box-shadow: 0 1px 4px rgba(31,35,41,.12); overflow: hidden; }
.header { background: ${tint}; color: ${ink}; padding: 12px 16px; }
.title { font-weight: 600; font-size: 16px; } .subtitle { font-size: 12px; opacity: .8; }
.tag { display: inline-block; margin-left: 6px; padding: 0 6px; border-radius: 4px; background: #fff; font-size: 12px; }
.body { padding: 12px 16px; display: flex; flex-direction: column; gap: 8px; }
.text.notation { font-size: 12px; } .at { color: #245bdb; }
.row { display: flex; flex-wrap: wrap; gap: 8px; align-items: center; }
.button { padding: 4px 14px; border-radius: 6px; border: 1px solid #d0d3d6; }
.button.primary { background: #3370ff; border-color: #3370ff; color: #fff; } .button.danger { color: #d83931; border-color: #d83931; }
.input { flex: 1; min-width: 180px; padding: 4px 10px; border: 1px solid #d0d3d6; border-radius: 6px; color: #8f959e; }
hr { border: 0; border-top: 1px solid #e4e5e7; width: 100%; }
</style><div class="card"><div class="header"><div class="title">${escape(said(card.header?.title ?? {}, language))}${tags}</div><div class="subtitle">${escape(said(card.header?.subtitle ?? {}, language))}</div></div><div class="body">${body}</div></div></html>`;
}
