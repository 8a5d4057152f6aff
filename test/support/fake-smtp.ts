import net from 'node:net';

export interface ReceivedMail {
  from: string;
  to: string[];
  data: string;
}

/**
 * A local SMTP server for the real SMTP adapter (nodemailer) to talk to: it keeps every message it accepts,
 * and answers the end of each message with the next reply from `replies` (then 250), so a test can make the
 * mail server refuse for a while (451, try later) or for good (550).
 */
export async function startFakeSmtp() {
  const received: ReceivedMail[] = [];
  const replies: string[] = [];
  const server = net.createServer((socket) => {
    let buffer = '';
    let inData = false;
    let current: ReceivedMail = { from: '', to: [], data: '' };
    const say = (line: string) => socket.write(`${line}\r\n`);
    say('220 fake-smtp ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            const reply = replies.shift() ?? '250 2.0.0 accepted';
            if (reply.startsWith('250')) received.push(current);
            current = { from: '', to: [], data: '' };
            say(reply);
          } else {
            current.data += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          }
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') say('250 fake-smtp');
        else if (verb === 'MAIL') {
          current.from = line.slice(10);
          say('250 2.1.0 ok');
        } else if (verb === 'RCPT') {
          current.to.push(line.slice(8));
          say('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          say('354 go ahead');
        } else if (verb === 'RSET') {
          current = { from: '', to: [], data: '' };
          say('250 ok');
        } else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 not implemented');
      }
    });
    socket.on('error', () => undefined);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The replies to the next messages' end of data, in order, e.g. '451 4.3.0 try later'. */
    reply(...next: string[]) {
      replies.push(...next);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
