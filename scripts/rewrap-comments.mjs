#!/usr/bin/env node
/**
 * Re-wraps the comment lines that run past the formatter's width (120, `.prettierrc.json`), in place.
 * Prettier breaks code to its width but never a comment, so a rename or a longer word can push one over.
 *
 *   node scripts/rewrap-comments.mjs <file>...     # prints how many files changed and what it left
 *
 * The overflow of a long line is pushed into the next line of the same paragraph (or a new line), so
 * the writer's own breaks stay: a paragraph ends at a blank comment line, a list item, an `@tag`, an
 * indented (code) line or a line starting with a backquote, a table bar, `#` or `>`. A one-line block
 * comment (`/** … *\/`, `{/* … *\/}` in JSX) becomes a block of lines. A line is cut at its last space
 * that fits, never before a bare number ("decision 140" stays whole); Chinese and Japanese, which have
 * no spaces, are cut between two of their characters. What cannot be cut (a URL) is listed, not changed.
 * Run Prettier again afterwards: a block comment made here is indented by it.
 */
import { readFileSync, writeFileSync } from 'node:fs';

const WIDTH = 120;
const LIST = /^(?:[-*•] |\d+[.)] |@\w+)/;
const CJK = /[\u3000-\u9fff\uff00-\uffef]/;

/** A line comment or a block comment's inner line: where its text starts and what it says. */
function commentLine(line) {
  const slashes = line.match(/^(\s*\/\/ ?)(.*)$/);
  if (slashes)
    return { prefix: slashes[1].endsWith(' ') ? slashes[1] : `${slashes[1]} `, text: slashes[2], kind: '//' };
  const star = line.match(/^(\s*\* )(.*)$/);
  if (star && !star[2].startsWith('/')) return { prefix: star[1], text: star[2], kind: '*' };
  return undefined;
}

/** Where to cut `text` so its head fits `room` columns, or -1 when it fits or cannot be cut. */
function cutAt(text, room) {
  if (text.length <= room) return -1;
  let space = text.lastIndexOf(' ', room);
  while (space > 0 && (/\d/.test(text[space + 1]) || /decisions?$/i.test(text.slice(0, space)))) {
    space = text.lastIndexOf(' ', space - 1);
  }
  if (space > room * 0.4) return space;
  let at = room;
  const code = text.charCodeAt(at - 1);
  if (code >= 0xd800 && code <= 0xdbff) at--;
  if (CJK.test(text[at - 1]) || CJK.test(text[at])) return at;
  return space > 0 ? space : -1;
}

/** A one-line block comment as a block of lines, each within the width; undefined if `line` is not one. */
function blockOfLines(line) {
  const m = line.match(/^(\s*)(\{?)\/\*(\*?) (.*) \*\/(\}?)$/);
  if (!m) return undefined;
  const [, indent, brace, star, text, closing] = m;
  const inner = `${indent}${brace ? '  ' : ''} * `;
  const out = [`${indent}${brace}/*${star}`];
  let rest = text;
  while (rest.length) {
    const cut = cutAt(rest, WIDTH - inner.length);
    if (cut < 0) {
      out.push(inner + rest);
      break;
    }
    out.push(inner + rest.slice(0, cut).trimEnd());
    rest = rest.slice(cut).trimStart();
  }
  out.push(`${indent}${brace ? '  ' : ''} */${closing}`);
  return out;
}

/** Whether `next` goes on with the paragraph whose continuation lines start with `prefix`. */
function continues(next, kind, prefix) {
  const parsed = next === undefined ? undefined : commentLine(next);
  if (!parsed || parsed.kind !== kind || !next.startsWith(prefix)) return false;
  const rest = next.slice(prefix.length);
  return rest.trim() !== '' && !LIST.test(rest) && !/^\s/.test(rest) && !/^[`|#>]/.test(rest);
}

/** Re-wraps one file's lines in place; answers whether it changed and the lines it could not cut. */
function rewrap(lines, file) {
  let changed = false;
  const left = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].length <= WIDTH) continue;
    const comment = commentLine(lines[i]);
    if (!comment) {
      const block = blockOfLines(lines[i]);
      if (block) lines.splice(i, 1, ...block);
      else left.push(`${file}:${i + 1}`);
      changed ||= Boolean(block);
      continue;
    }
    const cut = cutAt(comment.text, WIDTH - comment.prefix.length);
    if (cut < 0) {
      left.push(`${file}:${i + 1}`);
      continue;
    }
    const tail = comment.text.slice(cut).trimStart();
    const marker = comment.text.match(LIST);
    const prefix =
      marker && !marker[0].startsWith('@') ? comment.prefix + ' '.repeat(marker[0].length) : comment.prefix;
    lines[i] = comment.prefix + comment.text.slice(0, cut).trimEnd();
    if (continues(lines[i + 1], comment.kind, prefix)) {
      const rest = lines[i + 1].slice(prefix.length);
      lines[i + 1] = prefix + tail + (CJK.test(tail.at(-1)) || CJK.test(rest[0]) ? '' : ' ') + rest;
    } else {
      lines.splice(i + 1, 0, prefix + tail);
    }
    changed = true;
  }
  return { changed, left };
}

let changedFiles = 0;
const leftLines = [];
for (const file of process.argv.slice(2)) {
  const lines = readFileSync(file, 'utf8').split('\n');
  const { changed, left } = rewrap(lines, file);
  leftLines.push(...left);
  if (changed) {
    writeFileSync(file, lines.join('\n'));
    changedFiles++;
  }
}
console.log(
  `rewrap-comments: ${changedFiles} files changed; ${leftLines.length} long lines are not comments or cannot be cut`,
);
for (const where of leftLines) console.log(`  ${where}`);
