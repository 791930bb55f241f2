import { spawn, type ChildProcess } from 'node:child_process';
import { constants, existsSync, openSync, writeSync, closeSync, rmSync } from 'node:fs';
import crypto from 'node:crypto';

/**
 * A real pseudo-terminal pair joined by socat (Debian's `socat`, installed by .ci/run): what is written to one end
 * comes out of the other, like a serial cable. For tests of serial devices (weighing stations, issue 17).
 */
export interface PtyPair {
  /** The end a fake device writes to. */
  a: string;
  /** The end the code under test opens as its serial port. */
  b: string;
  close(): Promise<void>;
}

export async function ptyPair(prefix = 'erp-pty', timeoutMs = 5000): Promise<PtyPair> {
  const tag = `${prefix}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`;
  const a = `/tmp/${tag}-a`;
  const b = `/tmp/${tag}-b`;
  const child: ChildProcess = spawn('socat', [`pty,raw,echo=0,link=${a}`, `pty,raw,echo=0,link=${b}`], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  // a test process that ends without closing the pair does not leave socat behind
  const reap = () => child.exitCode === null && child.kill('SIGTERM');
  process.once('exit', reap);
  const spawnError = new Promise<never>((_, reject) =>
    child.once('error', (e) => reject(new Error(`socat could not start (${e.message}); install it: apt-get install socat`))),
  );
  const ready = (async () => {
    const end = Date.now() + timeoutMs;
    while (!(existsSync(a) && existsSync(b))) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`socat gave no pty pair in ${timeoutMs} ms: ${stderr.trim()}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  await Promise.race([ready, spawnError]);
  return {
    a,
    b,
    close: async () => {
      process.off('exit', reap);
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      for (const p of [a, b]) rmSync(p, { force: true });
    },
  };
}

/**
 * A small fake scale on one end of a pty pair: like a real indicator it sends its frames over and over (every
 * `intervalMs`) until told to send others. `show(['US,GS,+  1.2kg', 'garbage'])` cycles through those lines.
 */
export class FakeScale {
  private fd: number;
  private timer: NodeJS.Timeout | null = null;
  sent = 0;

  constructor(
    path: string,
    private readonly intervalMs = 40,
  ) {
    // non-blocking: when nobody reads the other end the frames are dropped, as a real scale's would be
    this.fd = openSync(path, constants.O_WRONLY | constants.O_NONBLOCK | constants.O_NOCTTY);
  }

  /** Sends these lines in turn, again and again, each ended by CR LF. */
  show(lines: string[]): void {
    if (this.timer) clearInterval(this.timer);
    let i = 0;
    const tick = () => {
      try {
        writeSync(this.fd, `${lines[i % lines.length]}\r\n`, null, 'latin1');
        this.sent++;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EAGAIN') throw e;
      }
      i++;
    };
    tick();
    this.timer = setInterval(tick, this.intervalMs);
  }

  /** Stops sending (the scale is switched off or unplugged). */
  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  close(): void {
    this.stop();
    closeSync(this.fd);
  }
}
