#!/usr/bin/env node
/**
 * Fails when a reader cannot tell which decision records are in force (docs/decisions/README.md):
 * - every record `NNN-slug.md` opens with `# NNN — Title`, a blank line and one status line:
 *   `Status: accepted`, `Status: accepted, amended by NNN[, NNN…]` or `Status: superseded by NNN`;
 * - every record a status names exists and is later than the record it changes;
 * - the index (README.md in the same folder) links every record exactly once, the records in force
 *   above its `## Superseded` heading and the superseded ones below it, every link resolves, and a
 *   line ends with what its record's status names (`— amended by NNN, NNN`, `— superseded by NNN`).
 *
 * `node scripts/check-decisions.mjs [folder]` (default docs/decisions); prints each problem as
 * file:line and exits 1 if any. No dependencies; part of `npm run lint` beside check-citations.mjs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? 'docs/decisions';
const RECORD_FILE = /^(\d{3})-[a-z0-9-]+\.md$/;
const TITLE = /^# (\d{3}) — \S/;
const STATUS = /^Status: (accepted|accepted, amended by (\d{3}(?:, \d{3})*)|superseded by (\d{3}))$/;

const problems = [];
const records = new Map(); // number → { file, superseded }
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.md') && f !== 'README.md')
  .sort();

for (const file of files) {
  const where = path.join(dir, file);
  const name = RECORD_FILE.exec(file);
  if (!name) {
    problems.push(`${where}: not named NNN-slug.md`);
    continue;
  }
  const number = name[1];
  if (records.has(number)) problems.push(`${where}: number ${number} is taken by ${records.get(number).file} too`);
  const lines = readFileSync(where, 'utf8').split('\n');
  const title = TITLE.exec(lines[0] ?? '');
  if (!title) problems.push(`${where}:1: the first line is not '# ${number} — Title'`);
  else if (title[1] !== number) problems.push(`${where}:1: the title says ${title[1]}, the file name ${number}`);
  const status = STATUS.exec(lines[2] ?? '');
  if (lines[1] !== '' || !status) {
    problems.push(
      `${where}:3: no status line after the title and a blank line ` +
        "('Status: accepted', 'Status: accepted, amended by NNN, NNN' or 'Status: superseded by NNN')",
    );
  }
  const named = status ? (status[2] ?? status[3] ?? '').split(', ').filter(Boolean) : [];
  records.set(number, { file, superseded: Boolean(status?.[3]), named });
}

for (const [number, { file, named }] of records) {
  for (const other of named) {
    if (!records.has(other)) problems.push(`${path.join(dir, file)}:3: names decision ${other}, which does not exist`);
    else if (other <= number)
      problems.push(`${path.join(dir, file)}:3: names decision ${other}, which is not later than ${number}`);
  }
}

// The index: links of the form (NNN-slug.md), in force above `## Superseded`, superseded below it.
const indexFile = path.join(dir, 'README.md');
let index = [];
try {
  index = readFileSync(indexFile, 'utf8').split('\n');
} catch {
  problems.push(`${indexFile}: missing`);
}
const listed = new Map();
let belowSuperseded = false;
index.forEach((line, i) => {
  if (/^## Superseded/.test(line)) belowSuperseded = true;
  for (const m of line.matchAll(/\]\((\d{3})-[a-z0-9-]+\.md\)/g)) {
    const target = m[0].slice(2, -1);
    const number = m[1];
    const record = records.get(number);
    if (!record || record.file !== target) {
      problems.push(`${indexFile}:${i + 1}: ${target} does not exist`);
      continue;
    }
    if (listed.has(number))
      problems.push(`${indexFile}:${i + 1}: ${number} is listed again (first on line ${listed.get(number)})`);
    listed.set(number, i + 1);
    if (record.superseded && !belowSuperseded)
      problems.push(`${indexFile}:${i + 1}: ${number} is superseded but listed among the records in force`);
    if (!record.superseded && belowSuperseded)
      problems.push(`${indexFile}:${i + 1}: ${number} is in force but listed under Superseded`);
    // The line says what the status says: `— amended by 146, 173` or `— superseded by 036`, or nothing.
    const shown = /\) — ((?:amended|superseded) by \d{3}(?:, \d{3})*)\s*$/.exec(line)?.[1] ?? '';
    const status = record.named.length
      ? `${record.superseded ? 'superseded' : 'amended'} by ${record.named.join(', ')}`
      : '';
    if (shown !== status)
      problems.push(
        `${indexFile}:${i + 1}: ${number} reads '${shown || 'no change'}', its status '${status || 'accepted'}'`,
      );
  }
});
for (const [number, { file, superseded }] of records) {
  if (!listed.has(number)) {
    problems.push(`${indexFile}: ${file} is not listed (${superseded ? 'under ## Superseded' : 'under its area'})`);
  }
}

if (problems.length) {
  console.error(problems.join('\n'));
  console.error(
    `\ncheck-decisions: ${problems.length} problem(s). A record opens with its title, a blank line and its status,`,
  );
  console.error('and docs/decisions/README.md lists it under its area (or under Superseded).');
  process.exit(1);
}
const superseded = [...records.values()].filter((r) => r.superseded).length;
const amended = [...records.values()].filter((r) => !r.superseded && r.named.length).length;
console.log(
  `check-decisions: ${records.size} records, ${records.size - superseded} in force (${amended} amended), ${superseded} superseded; the index lists each once.`,
);
