import { spawnSync } from 'node:child_process';
import fs from 'node:fs';

/**
 * Who runs the embedded PostgreSQL. PostgreSQL refuses to run as root, and `npm start` as root is
 * a supported case (servers, containers, CI). As root:
 * 1. a user namespace where root is mapped to `nobody` (unshare, util-linux ≥ 2.38): postgres sees a
 *    plain uid, while on disk the cluster stays root's, like the rest of DATA_DIR, and a checkout
 *    under /root (0700) stays readable. No account is created.
 * 2. where namespaces are not allowed (e.g. a container's seccomp profile), a system account
 *    `erp-postgres` (created once, no home, no shell) that owns the cluster folder; the checkout and
 *    DATA_DIR must then be readable by others, which is checked with a clear message.
 * A normal user runs it as itself.
 */
export interface ClusterUser {
  /** A command that the postgres commands run under (the namespace), or nothing. */
  prefix: string[];
  uid?: number;
  gid?: number;
  /** Gives the cluster folder to whoever runs it, after a start in the other mode left it to someone else. */
  own?(dir: string): void;
  describe: string;
}

const USERNS = ['unshare', '--user', '--map-user=65534', '--map-group=65534'];
const ACCOUNT = 'erp-postgres';

const ok = (cmd: string, args: string[], opts: { uid?: number; gid?: number } = {}) => spawnSync(cmd, args, { stdio: 'ignore', ...opts }).status === 0;

function ids(name: string): { uid: number; gid: number } | undefined {
  const u = spawnSync('id', ['-u', name], { encoding: 'utf8' });
  const g = spawnSync('id', ['-g', name], { encoding: 'utf8' });
  return u.status === 0 && g.status === 0 ? { uid: Number(u.stdout), gid: Number(g.stdout) } : undefined;
}

function account(): { uid: number; gid: number } {
  const have = ids(ACCOUNT);
  if (have) return have;
  const made =
    ok('useradd', ['--system', '--user-group', '--no-create-home', '--home-dir', '/nonexistent', '--shell', '/usr/sbin/nologin', ACCOUNT]) ||
    // BusyBox (Alpine)
    ok('adduser', ['-S', '-D', '-H', '-s', '/sbin/nologin', ACCOUNT]);
  const now = made ? ids(ACCOUNT) : undefined;
  if (!now)
    throw new Error(`PostgreSQL cannot run as root, and the account ${ACCOUNT} could not be created: run npm start as a normal user, or set DATABASE_URL`);
  return now;
}

export async function clusterUser(postgres: string, dataDir: string): Promise<ClusterUser> {
  if (process.platform === 'win32' || process.getuid?.() !== 0) return { prefix: [], describe: 'the current user' };
  if (process.env.ERP_PG_NO_USERNS !== '1' && ok(USERNS[0], [...USERNS.slice(1), postgres, '--version'])) {
    return {
      prefix: USERNS,
      // a cluster that a start without namespaces gave to the account comes back to root
      own: (d) => {
        if (fs.statSync(d).uid !== 0 && !ok('chown', ['-R', '0:0', d])) throw new Error(`could not take ${d} back from ${ACCOUNT}`);
      },
      describe: 'root mapped to nobody in a user namespace',
    };
  }
  const { uid, gid } = account();
  if (!ok(postgres, ['--version'], { uid, gid })) {
    throw new Error(
      `PostgreSQL cannot run as root, and ${ACCOUNT} cannot run ${postgres}: put the checkout where other users can read it, ` +
        'run npm start as a normal user, or set DATABASE_URL',
    );
  }
  if (!ok('test', ['-x', dataDir], { uid, gid })) {
    throw new Error(
      `PostgreSQL cannot run as root, and ${ACCOUNT} cannot enter ${dataDir}: put DATA_DIR where other users can enter, or run npm start as a normal user`,
    );
  }
  return {
    prefix: [],
    uid,
    gid,
    own: (d) => {
      if (!ok('chown', ['-R', `${uid}:${gid}`, d])) throw new Error(`could not give ${d} to ${ACCOUNT}`);
    },
    describe: `the account ${ACCOUNT}`,
  };
}
