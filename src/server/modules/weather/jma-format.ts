import { z } from 'zod';
import { JMA_NOT_IN_FORCE, JMA_WARNING_CODES, type JmaArea, type WeatherWarningKind } from '../../../shared/weather';
import { AppError } from '../../lib/app-error';

/**
 * JMA's public warning file (`/bosai/warning/data/warning/{office}.json`), as far as the rule reads
 * it: the report time and, per area type (class10 regions, then class20 municipalities), each area's
 * entries `{ code, status }`. Everything else (headline, levels, time series) is left alone, so a
 * field JMA adds never breaks the parse.
 */
const jmaWarningFileSchema = z.object({
  reportDatetime: z.string(),
  publishingOffice: z.string().optional(),
  areaTypes: z.array(
    z.object({
      areas: z.array(
        z.object({
          code: z.string(),
          warnings: z.array(z.object({ code: z.string().optional(), status: z.string() })).default([]),
        }),
      ),
    }),
  ),
});

export interface FoundWarning {
  kind: WeatherWarningKind;
  code: string;
  name: string;
  /** The municipality (class20 code) it is in force for. */
  municipality: string;
}

export interface OfficeReport {
  /** The file's report time: the issue time of what it says. */
  reportedAt: Date;
  office: string;
  /** Every warning and special warning in force, by municipality (advisories left out). */
  warnings: (FoundWarning & { municipality: string })[];
}

/** Parses an office's file; throws on a file not in JMA's format (the job retries later). */
export function parseJmaWarningFile(office: string, raw: unknown): OfficeReport {
  const file = jmaWarningFileSchema.parse(raw);
  const reportedAt = new Date(file.reportDatetime);
  if (Number.isNaN(reportedAt.getTime()))
    throw new AppError('unavailable', `JMA ${office}: reportDatetime ${file.reportDatetime} is not a time`);
  const warnings: OfficeReport['warnings'] = [];
  for (const type of file.areaTypes) {
    for (const area of type.areas) {
      for (const w of area.warnings) {
        const known = w.code ? JMA_WARNING_CODES[w.code] : undefined;
        if (!known || JMA_NOT_IN_FORCE.has(w.status)) continue; // an advisory, or lifted
        warnings.push({ ...known, code: w.code!, municipality: area.code });
      }
    }
  }
  return { reportedAt, office, warnings };
}

/** The strongest warning in force for one of `area`'s municipalities (a special warning first). */
export function warningFor(report: OfficeReport, area: JmaArea): FoundWarning | undefined {
  const mine = report.warnings.filter((w) => area.municipalities.includes(w.municipality));
  return mine.find((w) => w.kind === 'special_warning') ?? mine[0];
}
