import request from 'supertest';

/**
 * A browser behind the shop's trusted proxy at `address`: its own cookie jar and the web app's headers. Answers
 * its `post`; the tests of per-address limits build their shoppers on it.
 */
export function proxiedPost(baseUrl: string, address: string) {
  const agent = request.agent(baseUrl);
  const headers = { 'X-Requested-With': 'fetch', Origin: baseUrl, 'X-Forwarded-For': address };
  return (url: string, body: object = {}) => agent.post(url).set(headers).send(body);
}
