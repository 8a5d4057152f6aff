import fs from 'node:fs';
import path from 'node:path';

const portIn = (file: string): number | null => {
  try {
    const port = Number(fs.readFileSync(file, 'utf8').trim());
    return Number.isInteger(port) && port > 0 && port < 65536 ? port : null;
  } catch {
    return null;
  }
};

const addressInUse = (error: unknown) => (error as NodeJS.ErrnoException | null)?.code === 'EADDRINUSE';

/**
 * Starts a local server (the demo's fake Stripe or PayPal) on the port it had at the last start with this
 * DATA_DIR, kept in `DATA_DIR/<name>-port` (issue 38 item 7): a page opened before a restart holds the fake's
 * address, and a new port at each start made its Pay fail with 'Failed to fetch'. The first start, or a port
 * now taken by something else, picks a free one and remembers it.
 */
export async function onRememberedPort<Started extends { url: string }>(dataDir: string, name: string, start: (port: number) => Promise<Started>): Promise<Started> {
  const file = path.join(dataDir, `${name}-port`);
  const remembered = portIn(file);
  let started: Started;
  try {
    started = await start(remembered ?? 0);
  } catch (error) {
    if (remembered === null || !addressInUse(error)) throw error;
    started = await start(0);
  }
  const port = Number(new URL(started.url).port);
  if (port !== remembered) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, `${port}\n`);
  }
  return started;
}
