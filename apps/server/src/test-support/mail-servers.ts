import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

/**
 * Real mail servers for the mail tests (issue 20): one private Dovecot (IMAP) per test process, with its own
 * config, passwd file and Maildirs under a temp folder and its own port (no system service), and one SMTP
 * server (nodemailer's smtp-server) that keeps what it receives. Started once, shared by every mail test file
 * (vitest runs them in one process), stopped when the process exits.
 */
export interface MailServers {
  imapPort: number;
  smtpPort: number;
  /** A mailbox user of Dovecot with its password (one per call: tests stay apart). */
  /** a mailbox of its own (user and password), empty */
  addUser(): { user: string; password: string };
  /** Puts a message (a fixture, or a whole RFC 822 source) into a user's INBOX Maildir, as a delivery agent would. */
  deliver(user: string, mail: FixtureMail | Buffer): void;
  /** What the SMTP server received, newest last. */
  received: ReceivedMail[];
  /** The SMTP server's accepted user and password. */
  smtpUser: string;
  smtpPassword: string;
}

export interface FixtureMail {
  from: string;
  to: string;
  subject: string;
  text: string;
  date?: Date;
  messageId?: string;
  /** files: the mail becomes multipart/mixed with each as a base64 attachment part */
  attachments?: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  user: string | undefined;
  parsed: ParsedMail;
}

const DOVECOT = '/usr/sbin/dovecot';
const WATCHDOG = `"$1" -F -c "$2" & d=$!
trap 'kill $d 2>/dev/null; wait $d; rm -rf "$4"; exit 0' TERM INT
while kill -0 "$3" 2>/dev/null && kill -0 $d 2>/dev/null; do sleep 1; done
kill $d 2>/dev/null; wait $d; rm -rf "$4"`;
let started: Promise<MailServers> | undefined;

/** The mail settings (PUT /crm/mail/setting) of one of the test servers' mailboxes, plain IMAP and SMTP on loopback. */
export function mailSettings(srv: MailServers, box: { user: string; password: string }, over: Record<string, unknown> = {}) {
  return {
    email: `${box.user}@crm.test`,
    imapHost: '127.0.0.1',
    imapPort: srv.imapPort,
    imapTls: false,
    imapUser: box.user,
    imapPassword: box.password,
    smtpHost: '127.0.0.1',
    smtpPort: srv.smtpPort,
    smtpTls: false,
    smtpUser: srv.smtpUser,
    smtpPassword: srv.smtpPassword,
    ...over,
  };
}

export function mailServers(): Promise<MailServers> {
  started ??= start();
  return started;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

/**
 * A port on 127.0.0.1 that refuses connections, for "server gone" cases. A port freePort() found free may be taken by
 * the time it is used (other tests and servers on the machine allocate ephemeral ports all the time), so this is a
 * privileged port below 1024, which no ephemeral allocation hands out, checked to refuse.
 */
export async function refusedPort(): Promise<number> {
  for (const port of [1, 9, 19, 47, 97, 101, 103]) {
    const refused = await new Promise<boolean>((resolve) => {
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve(false);
      });
      s.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
    });
    if (refused) return port;
  }
  throw new Error('no refusing port below 1024 on 127.0.0.1');
}

/** The Dovecot config: passdb and userdb from one passwd file, Maildir per user, plain IMAP on 127.0.0.1. */
function dovecotConf(dir: string, port: number, runAs: string) {
  return `base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
instance_name = erp-test-${port}
protocols = imap
listen = 127.0.0.1
ssl = no
disable_plaintext_auth = no
auth_mechanisms = plain login
default_login_user = ${runAs}
default_internal_user = ${runAs}
first_valid_uid = 1
mail_location = maildir:${dir}/mail/%u
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/passwd
}
userdb {
  driver = passwd-file
  args = username_format=%u ${dir}/passwd
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    port = 0
  }
}
service stats {
  inet_listener http {
    port = 0
  }
}
`;
}

function waitForPort(port: number, child: ChildProcess, logFile: string, ms = 20000) {
  const until = Date.now() + ms;
  return new Promise<void>((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`dovecot exited: ${readLog(logFile)}`));
      const s = net.connect(port, '127.0.0.1');
      s.once('connect', () => {
        s.destroy();
        resolve();
      });
      s.once('error', () => {
        s.destroy();
        if (Date.now() > until) reject(new Error(`dovecot did not listen on ${port}: ${readLog(logFile)}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

const readLog = (f: string) => (fs.existsSync(f) ? fs.readFileSync(f, 'utf8').slice(-2000) : '');

/** Mail files belong to the mail user: root runs Dovecot's mail processes as "dovecot", anyone else as themself. */
function mailOwner(): { name: string; uid: number; gid: number } {
  const me = os.userInfo();
  if (me.uid !== 0) return { name: me.username, uid: me.uid, gid: process.getgid!() };
  const line = fs
    .readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith('dovecot:'));
  if (!line) throw new Error('no dovecot user: install dovecot-imapd');
  const [, , uid, gid] = line.split(':');
  return { name: 'dovecot', uid: Number(uid), gid: Number(gid) };
}

function chownTree(p: string, uid: number, gid: number) {
  fs.chownSync(p, uid, gid);
  if (fs.statSync(p).isDirectory()) for (const f of fs.readdirSync(p)) chownTree(path.join(p, f), uid, gid);
}

export function rfc822(m: FixtureMail): string {
  const date = (m.date ?? new Date()).toUTCString();
  const id = m.messageId ?? `<${crypto.randomUUID()}@fixture.test>`;
  const subject = /^[\x20-\x7e]*$/.test(m.subject) ? m.subject : `=?UTF-8?B?${Buffer.from(m.subject).toString('base64')}?=`;
  return [
    `From: ${m.from}`,
    `To: ${m.to}`,
    `Subject: ${subject}`,
    `Date: ${date}`,
    `Message-ID: ${id}`,
    'MIME-Version: 1.0',
    ...(m.attachments?.length ? multipart(m) : ['Content-Type: text/plain; charset=utf-8', 'Content-Transfer-Encoding: 8bit', '', m.text, '']),
  ].join('\r\n');
}

/** The body of a mail with attachments: the text part, then each file base64 in lines of 76. */
function multipart(m: FixtureMail): string[] {
  const b = `b${crypto.randomBytes(8).toString('hex')}`;
  const files = (m.attachments ?? []).flatMap((a) => [
    `--${b}`,
    `Content-Type: ${a.contentType}; name="=?UTF-8?B?${Buffer.from(a.filename).toString('base64')}?="`,
    'Content-Transfer-Encoding: base64',
    `Content-Disposition: attachment; filename="=?UTF-8?B?${Buffer.from(a.filename).toString('base64')}?="`,
    '',
    ...(a.content.toString('base64').match(/.{1,76}/g) ?? []),
  ]);
  return [
    `Content-Type: multipart/mixed; boundary="${b}"`,
    '',
    `--${b}`,
    'Content-Type: text/plain; charset=utf-8',
    'Content-Transfer-Encoding: 8bit',
    '',
    m.text,
    ...files,
    `--${b}--`,
    '',
  ];
}

const POOL_SIZE = 50;

async function startDovecot(dir: string) {
  const owner = mailOwner();
  const port = await freePort();
  for (const d of ['run', 'state', 'mail']) fs.mkdirSync(path.join(dir, d), { recursive: true });
  // Dovecot reads a changed passwd file at most once a second, so a mailbox added just after a login would be
  // unknown for up to a second: the mailboxes are all written before it starts, and addUser hands them out
  let n = 0;
  const pool = Array.from({ length: POOL_SIZE }, () => ({
    user: `u${process.pid}x${++n}x${crypto.randomBytes(3).toString('hex')}`,
    password: crypto.randomBytes(9).toString('base64url'),
  }));
  fs.writeFileSync(
    path.join(dir, 'passwd'),
    pool.map((b) => `${b.user}:{PLAIN}${b.password}:${owner.uid}:${owner.gid}::${path.join(dir, 'mail', b.user)}::\n`).join(''),
  );
  for (const b of pool) for (const sub of ['cur', 'new', 'tmp']) fs.mkdirSync(path.join(dir, 'mail', b.user, sub), { recursive: true });
  fs.writeFileSync(path.join(dir, 'dovecot.conf'), dovecotConf(dir, port, owner.name));
  if (os.userInfo().uid === 0) {
    fs.chmodSync(dir, 0o755);
    chownTree(path.join(dir, 'mail'), owner.uid, owner.gid);
  }
  // a watchdog shell stops Dovecot and removes the folder when this process is gone, however it ends (vitest may
  // end a worker without its exit handlers)
  const child = spawn('/bin/sh', ['-c', WATCHDOG, 'dovecot-watchdog', DOVECOT, path.join(dir, 'dovecot.conf'), String(process.pid), dir], { stdio: 'ignore' });
  await waitForPort(port, child, path.join(dir, 'dovecot.log'));
  const addUser = () => {
    const box = pool.shift();
    if (!box) throw new Error(`the test Dovecot has ${POOL_SIZE} mailboxes: raise POOL_SIZE`);
    return box;
  };
  let seq = 0;
  const deliver = (user: string, mail: FixtureMail | Buffer) => {
    const home = path.join(dir, 'mail', user);
    const name = `${Date.now()}.P${process.pid}Q${++seq}.erp-test`;
    const tmp = path.join(home, 'tmp', name);
    fs.writeFileSync(tmp, Buffer.isBuffer(mail) ? mail : rfc822(mail));
    if (os.userInfo().uid === 0) fs.chownSync(tmp, owner.uid, owner.gid);
    fs.renameSync(tmp, path.join(home, 'new', name));
  };
  return { child, port, addUser, deliver };
}

async function startSmtp(received: ReceivedMail[], smtpUser: string, smtpPassword: string) {
  const server = new SMTPServer({
    secure: false,
    authOptional: false,
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, cb) {
      if (auth.username === smtpUser && auth.password === smtpPassword) cb(null, { user: auth.username });
      else cb(new Error('Invalid username or password'));
    },
    onData(stream, session, cb) {
      simpleParser(stream)
        .then((parsed) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            parsed,
          });
          cb();
        })
        .catch(cb);
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

async function start(): Promise<MailServers> {
  if (!fs.existsSync(DOVECOT)) throw new Error('dovecot is not installed: apt-get install dovecot-imapd');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'erp-dovecot-'));
  const dovecot = await startDovecot(dir);
  const received: ReceivedMail[] = [];
  const smtpUser = 'relay';
  const smtpPassword = crypto.randomBytes(9).toString('base64url');
  const smtp = await startSmtp(received, smtpUser, smtpPassword);
  process.once('exit', () => {
    dovecot.child.kill('SIGTERM');
    smtp.server.close();
  });
  return {
    imapPort: dovecot.port,
    smtpPort: smtp.port,
    addUser: dovecot.addUser,
    deliver: dovecot.deliver,
    received,
    smtpUser,
    smtpPassword,
  };
}
