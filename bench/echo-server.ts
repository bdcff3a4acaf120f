/**
 * The chat series' baseline: a bare `ws` server on PORT that sends every message back to its sender.
 * Run in its own process, like the app's instances, so client and server do not share an event loop.
 */
import { WebSocketServer } from 'ws';

const wss = new WebSocketServer({ host: '127.0.0.1', port: Number(process.env.PORT), maxPayload: 4096 });
wss.on('connection', (ws) => ws.on('message', (data, isBinary) => ws.send(data, { binary: isBinary })));
wss.on('listening', () => process.stdout.write('ready\n'));
process.on('SIGTERM', () => process.exit(0));
