/**
 * The small text format the articles and chapters are written in, and its parser. It is a subset
 * of Markdown, enough for teaching text and nothing that needs HTML:
 *
 * - `## Heading` and `### Subheading`
 * - `- item` bullet lists and `1. item` numbered lists (consecutive lines)
 * - `> text` a note set apart from the text (consecutive lines join)
 * - a block between two `~~~` lines, kept verbatim (file listings, commands)
 * - anything else is a paragraph; a blank line ends a paragraph, list or note
 *
 * Inside text, `**words**` are strong. Lines may be indented; the indentation is ignored, except
 * inside a `~~~` block, where the fence's own indentation is removed from every line.
 */

export type ArticleBlock =
  | { kind: 'heading'; depth: 1 | 2; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'note'; text: string }
  | { kind: 'code'; lines: string[] };

const HEADING = /^(#{2,3})\s+(.+)$/;
const BULLET = /^[-*]\s+(.+)$/;
const NUMBERED = /^\d+[.)]\s+(.+)$/;
const NOTE = /^>\s?(.*)$/;
const FENCE = /^~~~/;

export function parseArticle(source: string): ArticleBlock[] {
  const blocks: ArticleBlock[] = [];
  const lines = source.split(/\r?\n/);
  let index = 0;
  while (index < lines.length) {
    const raw = lines[index] ?? '';
    const line = raw.trim();
    if (line === '') {
      index += 1;
      continue;
    }
    if (FENCE.test(line)) {
      const indent = raw.length - raw.trimStart().length;
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test((lines[index] ?? '').trim())) {
        code.push((lines[index] ?? '').slice(indent).trimEnd());
        index += 1;
      }
      index += 1; // the closing fence, or the end of the text
      blocks.push({ kind: 'code', lines: code });
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({ kind: 'heading', depth: heading[1] === '##' ? 1 : 2, text: heading[2] ?? '' });
      index += 1;
      continue;
    }
    const listPattern = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : null;
    if (listPattern) {
      const items: string[] = [];
      for (let match = listPattern.exec(line); match; match = listPattern.exec((lines[index] ?? '').trim())) {
        items.push(match[1] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'list', ordered: listPattern === NUMBERED, items });
      continue;
    }
    if (NOTE.test(line)) {
      const parts: string[] = [];
      for (let match = NOTE.exec(line); match; match = NOTE.exec((lines[index] ?? '').trim())) {
        if (match[1]) parts.push(match[1]);
        index += 1;
      }
      blocks.push({ kind: 'note', text: parts.join(' ') });
      continue;
    }
    const parts: string[] = [];
    while (index < lines.length && isParagraphLine((lines[index] ?? '').trim())) {
      parts.push((lines[index] ?? '').trim());
      index += 1;
    }
    blocks.push({ kind: 'paragraph', text: parts.join(' ') });
  }
  return blocks;
}

function isParagraphLine(line: string): boolean {
  return line !== '' && !FENCE.test(line) && !HEADING.test(line) && !BULLET.test(line) && !NUMBERED.test(line) && !NOTE.test(line);
}

export type InlineSpan = { strong: boolean; text: string };

/** Splits text on `**` pairs; an unpaired `**` stays as it is. */
export function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const pattern = /\*\*(.+?)\*\*/g;
  let last = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) spans.push({ strong: false, text: text.slice(last, match.index) });
    spans.push({ strong: true, text: match[1] ?? '' });
    last = match.index + match[0].length;
  }
  if (last < text.length) spans.push({ strong: false, text: text.slice(last) });
  return spans;
}
