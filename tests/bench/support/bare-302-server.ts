// The baseline of the clicks bench: plain node:http answering every request with a 302, the least a
// redirect can cost on this machine. Run as its own process (like the real server) with PORT set.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';

const LANDING = 'https://shop.example/landing?ref=affilio&click_id=';

const server = createServer((_req, res) => {
  res.writeHead(302, {
    Location: LANDING + randomBytes(16).toString('base64url'),
    'Cache-Control': 'no-store',
  });
  res.end();
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
