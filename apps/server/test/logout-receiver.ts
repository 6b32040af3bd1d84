import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A relying party's back-channel logout endpoint on a loopback port: keeps each logout token it receives and answers
 * `status` (200 by default; set it to make the application look down).
 */
export class LogoutReceiver {
  readonly tokens: string[] = [];
  status = 200;
  private server: Server | null = null;
  private waiters: Array<() => void> = [];

  async start(): Promise<string> {
    this.server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        if (req.method === 'POST' && this.status === 200) {
          const token = new URLSearchParams(body).get('logout_token');
          if (token) this.tokens.push(token);
        }
        res.writeHead(this.status, { 'cache-control': 'no-store' }).end();
        for (const wake of this.waiters.splice(0)) wake();
      });
    });
    await new Promise<void>((resolve) => this.server?.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/backchannel-logout`;
  }

  /** Waits until `count` tokens have arrived (or fails after `timeoutMs`). */
  async received(count: number, timeoutMs = 10_000): Promise<string[]> {
    const until = Date.now() + timeoutMs;
    while (this.tokens.length < count) {
      if (Date.now() > until) throw new Error(`expected ${count} logout tokens, got ${this.tokens.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, until - Date.now());
      });
    }
    return this.tokens;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
