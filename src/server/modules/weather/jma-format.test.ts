import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { JMA_AREAS } from '../../../shared/weather';
import { parseJmaWarningFile, warningFor } from './jma-format';
import { fixtureProvider, jmaProvider, RECORDINGS_DIR } from './providers';

const recorded = (set: string, office: string): unknown =>
  JSON.parse(readFileSync(path.join(RECORDINGS_DIR, set, `${office}.json`), 'utf8'));

describe('JMA warning files', () => {
  it('reads the warnings in force per municipality from a recorded file, advisories left out', () => {
    const report = parseJmaWarningFile('260000', recorded('demo', '260000'));
    expect(report.reportedAt.toISOString()).toBe('2024-08-29T07:41:00.000Z');
    const kyotoCity = report.warnings.filter((w) => w.municipality === '2610000').map((w) => w.name);
    expect(kyotoCity).toEqual(['大雨警報', '暴風警報', '洪水警報']); // 雷注意報 left out
    expect(warningFor(report, JMA_AREAS.kyoto)).toMatchObject({ kind: 'warning', code: '03', municipality: '2610000' });
  });
  it('finds nothing in force for advisories, lifted warnings (解除) or “no warnings”', () => {
    expect(warningFor(parseJmaWarningFile('260000', recorded('advisory', '260000')), JMA_AREAS.kyoto)).toBeUndefined();
    expect(
      warningFor(parseJmaWarningFile('260000', recorded('osaka-warning', '260000')), JMA_AREAS.kyoto),
    ).toBeUndefined();
    expect(warningFor(parseJmaWarningFile('270000', recorded('demo', '270000')), JMA_AREAS.osaka)).toBeUndefined();
  });
  it('puts a special warning before a warning, and reads only the city’s own municipality', () => {
    const file = {
      reportDatetime: '2024-08-29T20:00:00+09:00',
      areaTypes: [
        { areas: [{ code: '260010', warnings: [{ code: '33', status: '発表' }] }] },
        {
          areas: [
            { code: '2620100', warnings: [{ code: '38', status: '発表' }] },
            {
              code: '2610000',
              warnings: [
                { code: '03', status: '継続' },
                { code: '33', status: '警報から特別警報' },
                { code: '10', status: '発表' },
              ],
            },
          ],
        },
      ],
    };
    expect(warningFor(parseJmaWarningFile('260000', file), JMA_AREAS.kyoto)).toMatchObject({
      kind: 'special_warning',
      name: '大雨特別警報',
      municipality: '2610000',
    });
  });
  it('refuses a file not in JMA’s format', () => {
    expect(() => parseJmaWarningFile('260000', { areaTypes: [] })).toThrow();
    expect(() => parseJmaWarningFile('260000', { reportDatetime: 'soon', areaTypes: [] })).toThrow(/not a time/);
  });
  it('the fixture provider reads {office}.json; an office without a recording has nothing in force', async () => {
    const p = fixtureProvider(path.join(RECORDINGS_DIR, 'demo'));
    expect((await p.officeReport('260000')).warnings.length).toBeGreaterThan(0);
    expect(await p.officeReport('130000')).toMatchObject({ warnings: [] });
    await expect(p.officeReport('../../etc')).rejects.toThrow(/office code/);
  });
  it('the fixture provider replays a recording as of the check: its Japan clock time on the latest day not after it, not the year it was recorded', async () => {
    const p = fixtureProvider(path.join(RECORDINGS_DIR, 'demo'));
    const now = new Date('2026-11-24T09:00:00Z'); // 18:00 in Japan
    expect((await p.officeReport('260000', now)).reportedAt.toISOString()).toBe('2026-11-24T07:41:00.000Z');
    expect((await p.officeReport('260000', new Date('2026-11-24T07:00:00Z'))).reportedAt.toISOString()).toBe(
      '2026-11-23T07:41:00.000Z',
    );
  });
  it('the jma provider asks JMA’s URL for the office and parses the reply', async () => {
    const asked: string[] = [];
    const fake = (async (url: string) => {
      asked.push(url);
      return new Response(JSON.stringify(recorded('osaka-warning', '270000')), { status: 200 });
    }) as typeof fetch;
    const report = await jmaProvider(fake).officeReport('270000');
    expect(asked).toEqual(['https://www.jma.go.jp/bosai/warning/data/warning/270000.json']);
    expect(warningFor(report, JMA_AREAS.osaka)).toMatchObject({ kind: 'warning', code: '05', name: '暴風警報' });
    const down = (async () => new Response('', { status: 503 })) as unknown as typeof fetch;
    await expect(jmaProvider(down).officeReport('270000')).rejects.toThrow(/HTTP 503/);
  });
});
