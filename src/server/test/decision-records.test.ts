import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';

/**
 * scripts/check-decisions.mjs (in `npm run lint`, docs/decisions/README.md): every decision record
 * has a status line that names only later, existing records, and the index lists each record once,
 * on its side of Superseded. Each case is a small folder of records; the real folder passes.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const script = path.join(root, 'scripts/check-decisions.mjs');
const run = promisify(execFile);

async function check(folder: string): Promise<{ ok: boolean; out: string }> {
  try {
    const { stdout } = await run(process.execPath, [script, folder], { cwd: root });
    return { ok: true, out: stdout };
  } catch (e) {
    const failed = e as { stderr?: string };
    return { ok: false, out: failed.stderr ?? '' };
  }
}

const folders: string[] = [];
function folderOf(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'decisions-'));
  folders.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const d of folders.splice(0)) rmSync(d, { recursive: true, force: true });
});

const record = (n: string, status: string) => `# ${n} — Title ${n}\n\nStatus: ${status}\n\n## Context\nWhy.\n`;
const good = {
  '001-first.md': record('001', 'superseded by 003'),
  '002-second.md': record('002', 'accepted, amended by 003'),
  '003-third.md': record('003', 'accepted'),
  'README.md':
    '# Records\n\n## Area\n\n- [002](002-second.md) — amended by 003\n- [003](003-third.md)\n\n## Superseded\n\n- [001](001-first.md) — superseded by 003\n',
};

describe('check-decisions', () => {
  it('passes the repository’s own records and index', async () => {
    const { ok, out } = await check('docs/decisions');
    expect(ok).toBe(true);
    expect(out).toMatch(/in force .* superseded; the index lists each once/);
  });

  it('passes a folder whose statuses and index agree', async () => {
    expect((await check(folderOf(good))).ok).toBe(true);
  });

  it('fails a record without a status line, or with one of another shape', async () => {
    for (const text of [
      '# 003 — Title\n\n## Context\n',
      '# 003 — Title\nStatus: accepted\n',
      record('003', 'in force'),
      record('003', 'amended by 004'),
    ]) {
      const { ok, out } = await check(folderOf({ ...good, '003-third.md': text }));
      expect(ok).toBe(false);
      expect(out).toContain('003-third.md:3: no status line');
    }
  });

  it('fails a status naming a record that does not exist or is not later', async () => {
    const missing = await check(folderOf({ ...good, '001-first.md': record('001', 'superseded by 009') }));
    expect(missing.out).toContain('names decision 009, which does not exist');
    const earlier = await check(folderOf({ ...good, '003-third.md': record('003', 'accepted, amended by 002') }));
    expect(earlier.out).toContain('names decision 002, which is not later than 003');
  });

  it('fails an index line that says another status than its record', async () => {
    const index = (line2: string) =>
      check(
        folderOf({
          ...good,
          'README.md': `- ${line2}\n- [003](003-third.md)\n## Superseded\n- [001](001-first.md) — superseded by 003\n`,
        }),
      );
    expect((await index('[002](002-second.md)')).out).toContain("002 reads 'no change', its status 'amended by 003'");
    expect((await index('[002](002-second.md) — amended by 001')).out).toContain(
      "002 reads 'amended by 001', its status 'amended by 003'",
    );
    expect((await index('[002](002-second.md) — amended by 003')).ok).toBe(true);
  });

  it('fails a title whose number is not the file’s', async () => {
    const { ok, out } = await check(folderOf({ ...good, '003-third.md': record('004', 'accepted') }));
    expect(ok).toBe(false);
    expect(out).toContain('the title says 004, the file name 003');
  });

  it('fails an index that misses a record, lists one twice, on the wrong side, or links nothing', async () => {
    const index = (body: string) => check(folderOf({ ...good, 'README.md': body }));
    expect(
      (
        await index(
          '## Area\n\n- [002](002-second.md) — amended by 003\n\n## Superseded\n\n- [001](001-first.md) — superseded by 003\n',
        )
      ).out,
    ).toContain('003-third.md is not listed');
    expect(
      (
        await index(
          '- [002](002-second.md) — amended by 003\n- [003](003-third.md)\n- [3](003-third.md)\n## Superseded\n- [001](001-first.md) — superseded by 003\n',
        )
      ).out,
    ).toContain('003 is listed again');
    expect(
      (
        await index(
          '- [001](001-first.md) — superseded by 003\n- [002](002-second.md) — amended by 003\n- [003](003-third.md)\n## Superseded\n',
        )
      ).out,
    ).toContain('001 is superseded but listed among the records in force');
    expect(
      (
        await index(
          '- [002](002-second.md) — amended by 003\n## Superseded\n- [001](001-first.md) — superseded by 003\n- [003](003-third.md)\n',
        )
      ).out,
    ).toContain('003 is in force but listed under Superseded');
    expect(
      (
        await index(
          '- [002](002-second.md) — amended by 003\n- [003](003-third.md)\n- [004](004-gone.md)\n## Superseded\n- [001](001-first.md) — superseded by 003\n',
        )
      ).out,
    ).toContain('004-gone.md does not exist');
  });
});
