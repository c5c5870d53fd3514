// The baseline of the clicks bench: plain node:http answering every request with a 302 to a landing page
// with a fresh click id, the least a redirect can cost on this machine. The id comes from the server's own
// generator (pooled random bytes): one randomBytes call per request cost this server ~40% of its
// throughput (22–23k instead of 36–38k req/s under wrk), which made every ratio against it look better
// than it was. Run as its own process (like the real server) with PORT set.
import { createServer } from 'node:http';
import { newClickId } from '../../../server/modules/tracking/click-id';

const LANDING = 'https://shop.example/landing?ref=affilio&click_id=';

const server = createServer((_req, res) => {
  res.writeHead(302, {
    Location: LANDING + newClickId(),
    'Cache-Control': 'no-store',
  });
  res.end();
});
server.keepAliveTimeout = 72_000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('listening'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
