import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseJmaWarningFile, type OfficeReport } from './jma-format';
import { AppError } from '../../lib/app-error';

/**
 * Where warnings come from (decision 093): `jma` reads JMA's public JSON, `fixture` reads recorded
 * files in the same format (tests and the demo). Either answers one office's report; an admin's
 * warnings recorded by hand are added by the service, whatever the provider.
 */
export interface WeatherProvider {
  readonly source: 'jma' | 'fixture';
  /**
   * The office's current report; throws when it cannot be read (the job retries). `now` is the
   * moment of the check: a recording is replayed as of then (fixtureProvider).
   */
  officeReport(office: string, now?: Date): Promise<OfficeReport>;
}

export const JMA_WARNING_URL = 'https://www.jma.go.jp/bosai/warning/data/warning';

export function jmaProvider(fetchFn: typeof fetch = fetch, baseUrl = JMA_WARNING_URL): WeatherProvider {
  return {
    source: 'jma',
    async officeReport(office) {
      const res = await fetchFn(`${baseUrl}/${office}.json`, {
        signal: AbortSignal.timeout(10_000),
        headers: { accept: 'application/json' },
      });
      if (!res.ok) throw new AppError('unavailable', `JMA ${office}: HTTP ${res.status}`);
      return parseJmaWarningFile(office, await res.json());
    },
  };
}

/** The recordings shipped with the app: `demo` (a typhoon over Kyoto, advisories in Osaka) and test sets. */
export const RECORDINGS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), 'recordings');

const DAY_MS = 86_400_000;

/**
 * A recording replayed at `now` reads as if JMA had just published it: its report time keeps its
 * Japan clock time and moves by whole days to the latest such moment not after `now` (Japan has no
 * daylight saving, so whole days keep the clock time). Without this a 2024 recording dated the
 * warning on a 2026 trip "2024年8月29日" (decision 105).
 */
export function replayedAt(recorded: Date, now: Date | undefined): Date {
  if (!now || recorded.getTime() <= 0) return recorded;
  const days = Math.floor((now.getTime() - recorded.getTime()) / DAY_MS);
  return new Date(recorded.getTime() + days * DAY_MS);
}

/**
 * Recorded files `{dir}/{office}.json`. An office without a file has nothing in force (its report
 * time is then the epoch: nothing was recorded).
 */
export function fixtureProvider(dir: string = path.join(RECORDINGS_DIR, 'demo')): WeatherProvider {
  return {
    source: 'fixture',
    async officeReport(office, now) {
      if (!/^\d{6}$/.test(office)) throw new AppError('internal', `not a JMA office code: ${office}`);
      let text: string;
      try {
        text = await readFile(path.join(dir, `${office}.json`), 'utf8');
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return { office, reportedAt: new Date(0), warnings: [] };
        throw err;
      }
      const report = parseJmaWarningFile(office, JSON.parse(text));
      return { ...report, reportedAt: replayedAt(report.reportedAt, now) };
    },
  };
}
