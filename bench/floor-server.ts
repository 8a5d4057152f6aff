/**
 * The floor under the basket benchmark: a bare node:http server in its own process that, for every POST,
 * reads the JSON body, inserts it as one row (autocommit, so one durable commit) and answers a small JSON
 * body. No framework, session, validation or event store: what any shop on this host pays at least per
 * basket move. Started by bench/basket.ts with `fork`; DATABASE_URL in the environment; sends {port} when
 * it listens.
 */
import http from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.FLOOR_DATABASE_URL, max: 10 });
const ANSWER = JSON.stringify({ status: true, message: '' });

const server = http.createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const body = Buffer.concat(chunks).toString('utf8') || '{}';
    pool.query({ name: 'floor_insert', text: 'insert into bench_floor (body) values ($1)', values: [body] }).then(
      () => {
        response.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(ANSWER) });
        response.end(ANSWER);
      },
      (error: Error) => {
        response.writeHead(500).end(error.message);
      },
    );
  });
});

async function main(): Promise<void> {
  await pool.query('create table if not exists bench_floor (id bigserial primary key, body jsonb not null)');
  server.listen(0, '127.0.0.1', () => process.send!({ port: (server.address() as { port: number }).port }));
  process.on('message', (message: { call?: string }) => {
    if (message.call !== 'stop') return;
    server.close();
    server.closeAllConnections();
    void pool.end().finally(() => process.exit(0));
  });
}

void main();
