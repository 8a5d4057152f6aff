import { sql } from 'slonik';
import { z } from 'zod';
import type { DatabasePool } from '../db/pool';
import { singleLineText } from '../shared/text';

/**
 * A browser's report that the Content-Security-Policy blocked something (PCI DSS 11.6.1: an unlisted script on
 * the checkout page is noticed). Only what says what was blocked where: URIs as origin and path, since a query
 * string or fragment may carry a token or an email address; no client address.
 */
export interface CspReport {
  document: string;
  directive: string;
  blocked: string;
  sourceFile: string | null;
  lineNumber: number | null;
  disposition: 'enforce' | 'report';
  sample: string | null;
}

/** The newest reports kept: a flood from many addresses must not fill the disk. */
export const KEPT_REPORTS = 10_000;
/** Reports one `application/reports+json` batch may carry. */
export const MAX_BATCH = 20;

/** A URI without its query and fragment; a keyword the browser uses instead ('inline', 'eval', 'self') as it is. */
function withoutQuery(value: string): string {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.origin}${url.pathname}` : url.protocol;
  } catch {
    return value;
  }
}

const uri = z.string().transform(withoutQuery).pipe(singleLineText({ max: 2048 }));
const optionalUri = uri.optional().transform((value) => (value === undefined || value === '' ? null : value));
/** A directive's name; older browsers' violated-directive carries its sources too, which are left off. */
const directive = singleLineText({ max: 2048, min: 1 })
  .transform((value) => value.split(' ')[0])
  .pipe(z.string().regex(/^[a-z-]{1,60}$/, 'must be a directive name'));
const position = z.number().int().min(0).max(10_000_000).optional().transform((value) => value ?? null);
const disposition = z.enum(['enforce', 'report']).default('enforce');
const sample = singleLineText({ max: 200 }).optional().transform((value) => (value ? value : null));

/** `application/csp-report`: the report-uri form, one report. */
const cspReportBody = z
  .object({
    'csp-report': z.looseObject({
      'document-uri': uri,
      'effective-directive': directive.optional(),
      'violated-directive': directive.optional(),
      'blocked-uri': optionalUri,
      'source-file': optionalUri,
      'line-number': position,
      disposition,
      'script-sample': sample,
    }),
  })
  .transform(({ 'csp-report': report }): CspReport[] => [
    {
      document: report['document-uri'],
      directive: report['effective-directive'] ?? report['violated-directive'] ?? 'unknown',
      blocked: report['blocked-uri'] ?? '',
      sourceFile: report['source-file'],
      lineNumber: report['line-number'],
      disposition: report.disposition,
      sample: report['script-sample'],
    },
  ]);

/** `application/reports+json`: the Reporting API's batch; reports of other types are left out. */
const reportingBody = z
  .array(
    z.looseObject({
      type: z.string(),
      body: z.unknown(),
    }),
  )
  .min(1)
  .max(MAX_BATCH)
  .transform((reports) => reports.filter((report) => report.type === 'csp-violation').map((report) => report.body))
  .pipe(
    z.array(
      z
        .looseObject({
          documentURL: uri,
          effectiveDirective: directive,
          blockedURL: optionalUri,
          sourceFile: optionalUri,
          lineNumber: position,
          disposition,
          sample,
        })
        .transform(
          (report): CspReport => ({
            document: report.documentURL,
            directive: report.effectiveDirective,
            blocked: report.blockedURL ?? '',
            sourceFile: report.sourceFile,
            lineNumber: report.lineNumber,
            disposition: report.disposition,
            sample: report.sample,
          }),
        ),
    ),
  )
  .refine((reports) => reports.length > 0, 'no csp-violation report in the batch');

export const CSP_REPORT_TYPES = ['application/csp-report', 'application/reports+json'] as const;

/** The reports a body of one of the two content types holds; a ZodError for anything else. */
export function parseCspReports(type: (typeof CSP_REPORT_TYPES)[number], body: unknown): CspReport[] {
  return type === 'application/csp-report' ? cspReportBody.parse(body) : reportingBody.parse(body);
}

export interface StoredCspReport extends CspReport {
  receivedAt: string;
}

/** The table of reports: recorded, read newest first by managers, trimmed to the newest KEPT_REPORTS. */
export function cspReportLog(pool: DatabasePool) {
  return {
    async record(reports: readonly CspReport[], at: Date): Promise<void> {
      await pool.transaction(async (tx) => {
        for (const report of reports) {
          await tx.query(sql.unsafe`
            insert into csp_reports (received_at, document, directive, blocked, source_file, line_number, disposition, sample)
            values (${at.toISOString()}, ${report.document}, ${report.directive}, ${report.blocked}, ${report.sourceFile},
                    ${report.lineNumber}, ${report.disposition}, ${report.sample})`);
        }
        await tx.query(sql.unsafe`delete from csp_reports where id <= (select max(id) from csp_reports) - ${KEPT_REPORTS}`);
      });
    },

    async newest(limit: number): Promise<StoredCspReport[]> {
      const rows = (await pool.any(sql.unsafe`
        select received_at, document, directive, blocked, source_file, line_number, disposition, sample
          from csp_reports order by id desc limit ${limit}`)) as Array<Record<string, unknown>>;
      return rows.map((row) => ({
        receivedAt: new Date(row.received_at as number).toISOString(),
        document: row.document as string,
        directive: row.directive as string,
        blocked: row.blocked as string,
        sourceFile: row.source_file as string | null,
        lineNumber: row.line_number as number | null,
        disposition: row.disposition as CspReport['disposition'],
        sample: row.sample as string | null,
      }));
    },
  };
}

export type CspReportLog = ReturnType<typeof cspReportLog>;
