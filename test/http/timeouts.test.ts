import net from 'node:net';
import { startTestServer, type TestServer } from '../support/server';

/** Issue 13, item 10: a client that never finishes its request is cut off after the configured time. */
describe('HTTP server timeouts', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { REQUEST_TIMEOUT_SECONDS: '1', HEADERS_TIMEOUT_SECONDS: '1' } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Writes `text` on a raw connection and resolves with what came back and how long until the server closed it. */
  function sendAndWait(text: string): Promise<{ answer: string; closedAfterMs: number }> {
    const { port } = new URL(server.baseUrl);
    return new Promise((resolve, reject) => {
      const started = Date.now();
      let answer = '';
      const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(text));
      socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
      socket.on('error', reject);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - started }));
    });
  }

  it('closes a request whose body is shorter than its Content-Length, instead of holding it for minutes', async () => {
    const { answer, closedAfterMs } = await sendAndWait(
      'POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\nX-Requested-With: fetch\r\n\r\n{"email":',
    );
    expect(closedAfterMs).toBeLessThan(5000);
    expect(answer === '' || answer.startsWith('HTTP/1.1 408')).toBe(true);
  });

  it('closes a connection whose headers never end', async () => {
    const { closedAfterMs } = await sendAndWait('GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(closedAfterMs).toBeLessThan(5000);
  });
});
