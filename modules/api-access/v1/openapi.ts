import { OpenAPIRegistry, OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import { API_SCOPES } from '../../../src/shared/api-scopes';
import { escapeHtml } from '../../../src/shared/escape-html';
import { API_V1_PREFIX, type V1Route } from './routes';
import { ApiError } from './schemas';

/** `/orders/:id` as OpenAPI writes it: `/orders/{id}`. */
export const openApiPath = (path: string) => `${API_V1_PREFIX}${path}`.replace(/:(\w+)/g, '{$1}');

const FAILURES: Record<string, string> = {
  '400': 'An input was refused: the message names it',
  '401': 'No token, or one that is not valid or was revoked',
  '403': 'The token lacks the scope the route needs, or the command is not allowed',
  '404': 'No such thing',
  '409': 'The command does not fit the current state, or someone changed it at the same time',
  '429': 'Too many calls with this token: wait the Retry-After seconds',
};

/**
 * The public API's OpenAPI 3.1 document (issue 41 item 6), generated from the route table and the very zod
 * schemas the routes parse with.
 */
export function openApiDocument(routes: V1Route[], serverUrl: string) {
  const registry = new OpenAPIRegistry();
  registry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: `A personal access token from the back office, or an OAuth 2 access token (authorization code with PKCE S256: /oauth/authorize, then POST /oauth/token). Scopes: ${API_SCOPES.map((scope) => `${scope.id} (${scope.description})`).join('; ')}.`,
  });
  for (const route of routes) {
    registry.registerPath({
      method: route.method,
      path: openApiPath(route.path),
      summary: route.summary,
      description: `Needs the ${route.scope} scope.`,
      security: [{ bearer: [route.scope] }],
      'x-scope': route.scope,
      request: {
        params: route.params,
        query: route.query,
        body: route.method === 'get' || !route.body ? undefined : { content: { 'application/json': { schema: route.body } } },
      },
      responses: {
        '200': { description: 'Done', content: { 'application/json': { schema: route.answer } } },
        ...Object.fromEntries(Object.entries(FAILURES).map(([status, description]) => [status, { description, content: { 'application/json': { schema: ApiError } } }])),
      },
    });
  }
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: { title: 'Takeaway shop API', version: '1', description: 'Answers are `{ status: true, data }`; failures `{ status: false, message }`. Lists come a page at a time: pass `next_cursor` as `cursor`.' },
    servers: [{ url: serverUrl }],
  });
}

/** The reference page: every route with its scope, inputs and answer, as plain HTML read from the document. */
export function referencePage(document: ReturnType<typeof openApiDocument>): string {
  const sections = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    (['get', 'post', 'put'] as const).flatMap((method) => {
      const operation = item?.[method];
      if (!operation) return [];
      const parameters = (operation.parameters ?? []) as Array<{ name: string; in: string; required?: boolean; description?: string }>;
      const body = (operation.requestBody as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
      const answer = (operation.responses?.['200'] as { content?: Record<string, { schema?: unknown }> } | undefined)?.content?.['application/json']?.schema;
      return [
        `<section><h2><code>${method.toUpperCase()} ${escapeHtml(path)}</code></h2><p>${escapeHtml(operation.summary ?? '')}. ${escapeHtml(operation.description ?? '')}</p>`,
        parameters.length === 0
          ? ''
          : `<h3>Parameters</h3><ul>${parameters.map((parameter) => `<li><code>${escapeHtml(parameter.name)}</code> (${escapeHtml(parameter.in)}${parameter.required ? ', required' : ''})${parameter.description ? `: ${escapeHtml(parameter.description)}` : ''}</li>`).join('')}</ul>`,
        body ? `<h3>Body</h3><pre>${escapeHtml(JSON.stringify(body, null, 2))}</pre>` : '',
        `<h3>Answer</h3><pre>${escapeHtml(JSON.stringify(answer, null, 2))}</pre></section>`,
      ];
    }),
  );
  return `<!doctype html><html lang="en-GB"><head><meta charset="utf-8"><title>${escapeHtml(document.info.title)}</title></head><body><main>
<h1>${escapeHtml(document.info.title)}, version ${escapeHtml(document.info.version)}</h1>
<p>${escapeHtml(document.info.description ?? '')}</p>
<p>Send a personal access token, or an OAuth access token, as <code>Authorization: Bearer &lt;token&gt;</code>. The machine-readable document: <a href="${API_V1_PREFIX}/openapi.json">openapi.json</a>.</p>
${sections.join('\n')}
</main></body></html>`;
}
