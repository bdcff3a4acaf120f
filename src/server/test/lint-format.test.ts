import path from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { failures, root } from './lint-text';

/**
 * The layout lint holds (decision 191): Prettier's, checked by `prettier --check` in `npm run lint` with the
 * project's .prettierrc.json, and the 120-column width ESLint holds where Prettier cannot (a comment, a line
 * Prettier leaves long), with literals exempt.
 */

const options = async (file: string) => ({
  ...(await prettier.resolveConfig(path.join(root, file))),
  filepath: path.join(root, file),
});
const pad = (head: string, width: number) => head + 'x'.repeat(width - head.length);

describe('one layout, Prettier’s', () => {
  it('fails a hand layout and passes Prettier’s answer for it', async () => {
    const file = 'src/server/lib/x.ts';
    const hand = 'export const sum = (a:number,b:number)=>{ return a+b }\n';
    expect(await prettier.check(hand, await options(file))).toBe(false);
    const formatted = await prettier.format(hand, await options(file));
    expect(formatted).toBe('export const sum = (a: number, b: number) => {\n  return a + b;\n};\n');
    expect(await prettier.check(formatted, await options(file))).toBe(true);
  });

  it('breaks a call past 120 columns and keeps a long string whole', async () => {
    const file = 'src/server/lib/x.ts';
    const args = Array.from({ length: 12 }, (_, i) => `argumentNumber${i}`).join(', ');
    const call = await prettier.format(`call(${args});\n`, await options(file));
    expect(call.split('\n').every((line) => line.length <= 120)).toBe(true);
    const sentence = 'A sentence a translator edits whole, '.repeat(5).trim();
    const string = await prettier.format(`export const s = '${sentence}';\n`, await options(file));
    expect(string).toContain(`'${sentence}'`);
  });
});

describe('no code or comment line over 120 columns', () => {
  const file = 'src/server/lib/x.ts';

  it('fails a comment, a JSDoc line and a code line of 121 and passes them at 120', async () => {
    expect(await failures(file, `${pad('// ', 121)}\nexport const a = 1;\n`)).toContain('@stylistic/max-len');
    expect(await failures(file, `${pad('// ', 120)}\nexport const a = 1;\n`)).toEqual([]);
    expect(await failures(file, `/**\n${pad(' * ', 121)}\n */\nexport const a = 1;\n`)).toContain('@stylistic/max-len');
    expect(await failures(file, `/**\n${pad(' * ', 120)}\n */\nexport const a = 1;\n`)).toEqual([]);
    expect(await failures(file, `${pad('export const ', 116)} = 1;\n`)).toContain('@stylistic/max-len');
    expect(await failures(file, `${pad('export const ', 115)} = 1;\n`)).toEqual([]);
  });

  it('leaves a long string, template literal and regular expression alone', async () => {
    const long = 'word '.repeat(40).trim();
    expect(await failures(file, `export const s = '${long}';\n`)).toEqual([]);
    expect(await failures(file, `export const t = \`${long}\`;\n`)).toEqual([]);
    expect(await failures(file, `export const r = /${long}/;\n`)).toEqual([]);
  });
});
