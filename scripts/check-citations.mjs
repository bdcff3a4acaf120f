#!/usr/bin/env node
/**
 * Fails on citations a person who clones the repository cannot follow (decision 118): the outside
 * product documents (the specification, design and UI brief, by name with a section sign or by file
 * name) anywhere in a tracked text file, and this team's issue numbers (`issue N`, `issue #N`,
 * `issues N and M`, `(#N)`, `#N`, N a number) in comments and docs. Product rules live in docs/rules/, choices in
 * docs/decisions/.
 *
 * Issue numbers are looked for only where people write prose: Markdown, and the comments of code
 * (JS/TS `//` and block comments, SQL `--`, `#` in YAML, shell, Dockerfile and nginx files). A string
 * literal in code is left alone: a test name or a printed label may name an issue without being a
 * citation the reader must follow. A bare `#N` is taken for an issue only when it is not a colour
 * (three or six digits on a line about colour, or inside CSS), not a link text or URL fragment (`[#7119]`,
 * `page#top`) and not a standard's number (`UTS #39`).
 *
 * No dependencies, one pass over `git ls-files`; prints file:line for each hit and exits 1 if any.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const SCOPE_DIRS = ['src/', 'scripts/', 'e2e/', 'bench/', 'deploy/', '.ci/', 'docs/'];
const ROOT_FILES =
  /^(README\.md|ARCHITECTURE\.md|Dockerfile|compose\.ya?ml|[\w.-]+\.config\.[cm]?[jt]s|tsconfig[\w.-]*\.json|package\.json)$/;
const TEXT_EXT = new Set([
  '.ts',
  '.tsx',
  '.js',
  '.mjs',
  '.cjs',
  '.jsx',
  '.json',
  '.md',
  '.sql',
  '.css',
  '.html',
  '.yaml',
  '.yml',
  '.sh',
  '.conf',
  '.txt',
  '.svg',
  '.webmanifest',
  '',
]);

/** The outside documents: a hit anywhere, strings included. */
const DOCUMENT = new RegExp(String.raw`\b(?:SPEC|DESIGN|UI)(?:\s?\u00a7|\.md\b)`);
/** Issue numbers, in prose only. */
const ISSUE_WORD = /\bissues?\s+#?\d+\b/i;
const ISSUE_PAREN = /\(#\d+\b/;
const ISSUE_BARE = /(?:^|[\s,;])#(\d{1,4})(?![\w\]-])/g;
/** A standard's own numbering: UTS #39, UAX #29. */
const STANDARD_BEFORE = /\b[A-Z]{2,5}\s$/;
const COLOUR_WORD = /colou?r|fill|stroke|background|border|shadow|#[0-9a-f]{3,8}\b.*#|\b(?:rgb|hsl)a?\(/i;

function inScope(file) {
  if (file === 'package-lock.json') return false;
  if (!SCOPE_DIRS.some((d) => file.startsWith(d)) && !ROOT_FILES.test(file)) return false;
  const base = path.basename(file);
  const ext = base === 'Dockerfile' || !base.includes('.') ? '' : path.extname(base);
  return TEXT_EXT.has(ext);
}

/** What kind of comments a file has. */
function syntaxOf(file) {
  const base = path.basename(file);
  const ext = path.extname(base);
  if (ext === '.md' || ext === '.txt') return 'prose';
  if (['.ts', '.tsx', '.js', '.mjs', '.cjs', '.jsx', '.json', '.css', '.webmanifest'].includes(ext)) return 'c';
  if (ext === '.sql') return 'sql';
  if (ext === '.html' || ext === '.svg') return 'html';
  return 'hash'; // YAML, shell, Dockerfile, nginx .conf, extensionless scripts
}

/**
 * The comment text of each line (same line count as the source), for C-like syntax: a small scanner
 * that knows strings, template literals (with `${}` nesting), regex literals and comments.
 */
function cComments(src) {
  const out = [];
  let line = '';
  let state = 'code'; // code | line | block | ' | " | ` | regex
  const templateDepth = []; // brace depth of each open `${`
  let braces = 0;
  let lastSignificant = '';
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    const n = src[i + 1];
    if (c === '\n') {
      out.push(line);
      line = '';
      if (state === 'line') state = 'code';
      if (state === "'" || state === '"' || state === 'regex') state = 'code'; // unterminated: recover
      continue;
    }
    switch (state) {
      case 'line':
      case 'block':
        if (state === 'block' && c === '*' && n === '/') {
          state = 'code';
          i++;
          line += ' ';
          break;
        }
        line += c;
        break;
      case "'":
      case '"':
        if (c === '\\') i++;
        else if (c === state) {
          state = 'code';
          lastSignificant = c;
        }
        break;
      case '`':
        if (c === '\\') i++;
        else if (c === '`') {
          state = 'code';
          lastSignificant = c;
        } else if (c === '$' && n === '{') {
          templateDepth.push(braces);
          braces++;
          i++;
          state = 'code';
        }
        break;
      case 'regex':
        if (c === '\\') i++;
        else if (c === '[') {
          const end = src.indexOf(']', i + 1);
          if (end > 0 && !src.slice(i, end).includes('\n')) i = end;
        } else if (c === '/') {
          state = 'code';
          lastSignificant = 'a';
        }
        break;
      default:
        if (c === '/' && n === '/') {
          state = 'line';
          i++;
          break;
        }
        if (c === '/' && n === '*') {
          state = 'block';
          i++;
          break;
        }
        if (c === "'" || c === '"' || c === '`') {
          state = c;
          break;
        }
        if (c === '/' && (lastSignificant === '' || '(,=:[!&|?{};+-*%<>~^'.includes(lastSignificant))) {
          state = 'regex';
          break;
        }
        if (c === '{') braces++;
        if (c === '}') {
          braces--;
          if (templateDepth.length && templateDepth[templateDepth.length - 1] === braces) {
            templateDepth.pop();
            state = '`';
            break;
          }
        }
        if (!/\s/.test(c)) lastSignificant = /[\w$)\]]/.test(c) ? 'a' : c;
    }
  }
  out.push(line);
  return out;
}

function commentLines(src, syntax) {
  const lines = src.split('\n');
  if (syntax === 'prose') return lines;
  if (syntax === 'c') return cComments(src);
  if (syntax === 'sql')
    return lines.map((l) => {
      const at = l.indexOf('--');
      return at < 0 ? '' : l.slice(at + 2);
    });
  if (syntax === 'html') {
    let open = false;
    return lines.map((l) => {
      let text = '';
      let rest = l;
      while (rest) {
        if (open) {
          const end = rest.indexOf('-->');
          text += end < 0 ? rest : rest.slice(0, end);
          if (end < 0) break;
          open = false;
          rest = rest.slice(end + 3);
        } else {
          const start = rest.indexOf('<!--');
          if (start < 0) break;
          open = true;
          rest = rest.slice(start + 4);
        }
      }
      return text;
    });
  }
  return lines.map((l) => {
    const m = /(?:^|\s)#(?!!)(.*)$/.exec(l);
    return m ? m[1] : '';
  });
}

function issueHit(text, file) {
  if (ISSUE_WORD.test(text) || ISSUE_PAREN.test(text)) return true;
  if (file.endsWith('.css')) return false;
  for (const m of text.matchAll(ISSUE_BARE)) {
    const digits = m[1];
    if ((digits.length === 3 || digits.length === 6) && COLOUR_WORD.test(text)) continue;
    if (STANDARD_BEFORE.test(text.slice(0, m.index + m[0].indexOf('#')))) continue;
    return true;
  }
  return false;
}

const files = execFileSync('git', ['ls-files', '-z'], { encoding: 'utf8', maxBuffer: 64 << 20 })
  .split('\0')
  .filter((f) => f && inScope(f));

const hits = [];
for (const file of files) {
  let src;
  try {
    src = readFileSync(file, 'utf8');
  } catch {
    continue;
  } // deleted in the work tree
  if (src.includes('\0')) continue;
  const lines = src.split('\n');
  const prose = commentLines(src, syntaxOf(file));
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const what = DOCUMENT.test(raw) ? 'outside document' : prose[i] && issueHit(prose[i], file) ? 'issue number' : '';
    if (what) hits.push(`${file}:${i + 1}: ${what}: ${raw.trim().slice(0, 140)}`);
  }
}

if (hits.length) {
  console.error(hits.join('\n'));
  console.error(`\ncheck-citations: ${hits.length} citation(s) a reader of this repository cannot follow.`);
  console.error('Say why in the comment, or point at docs/rules/, docs/decisions/ or a test (decision 118).');
  process.exit(1);
}
console.log(`check-citations: ${files.length} files, no outside citations.`);
