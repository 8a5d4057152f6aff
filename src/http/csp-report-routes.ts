import Router from '@koa/router';
import type { Context } from 'koa';
import { DomainError } from '../core/errors';
import { requireRole } from '../identity/auth';
import { refuseWhenOver, type Limits } from '../limits';
import { CSP_REPORT_TYPES, parseCspReports, type CspReportLog } from './csp-reports';
import { readBody } from './json-body';
import { CSP_REPORT_PATH } from './script-inventory';

/** A report is a few hundred bytes; the Reporting API's batch of MAX_BATCH stays well under this. */
export const CSP_REPORT_LIMIT_BYTES = 16 * 1024;

/**
 * POST /api/csp-report: browsers' reports of what the Content-Security-Policy blocked. Browsers send them
 * without our header and in their own content types, so this route is a listed exception to the CSRF and
 * JSON guards (createApp's reportPaths); anybody may post, so it is limited per address, size-capped, and
 * every text goes through the shared text schema. Each report is one row and one log line (what was blocked
 * where, nothing about who). GET /api/csp-reports: the newest, for managers.
 */
export function cspReportRoutes(deps: { reports: CspReportLog; limits: Limits; now: () => Date }) {
  const router = new Router();

  router.post(CSP_REPORT_PATH, async (ctx: Context) => {
    refuseWhenOver(await deps.limits.take('csp_reports', ctx.ip, deps.now()), 'reports');
    const type = CSP_REPORT_TYPES.find((candidate) => ctx.is(candidate));
    if (!type) throw new DomainError('invalid', `Send a report as ${CSP_REPORT_TYPES.join(' or ')}`);
    if (Number(ctx.get('content-length') || 0) > CSP_REPORT_LIMIT_BYTES) {
      ctx.throw(413, 'Request body too large');
    }
    const text = (await readBody(ctx.req, CSP_REPORT_LIMIT_BYTES)).toString('utf8');
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      throw new DomainError('invalid', 'The report is not valid JSON');
    }
    const reports = parseCspReports(type, body);
    await deps.reports.record(reports, deps.now());
    for (const report of reports) {
      ctx.log.warn({ csp: { directive: report.directive, blocked: report.blocked, document: report.document, disposition: report.disposition } }, 'content security policy violation');
    }
    ctx.status = 204;
  });

  router.get('/api/csp-reports', requireRole('manager'), async (ctx: Context) => {
    ctx.body = { status: true, reports: await deps.reports.newest(100) };
  });

  return router;
}
