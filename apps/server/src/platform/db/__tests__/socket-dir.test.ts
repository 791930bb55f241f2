import { describe, expect, it } from 'vitest';
import { socketDir } from '../embedded-postgres.ts';

// the embedded cluster's Unix socket (issue 13): in its own directory when the socket's path fits a sockaddr_un
describe.skipIf(process.platform === 'win32')('the embedded cluster socket directory', () => {
  it('is the cluster directory when .s.PGSQL.<port> fits in 107 bytes, and none when it does not', () => {
    const dir = '/srv/erp/data/postgres';
    expect(socketDir(dir, 54321)).toBe(dir);
    const edge = `/${'d'.repeat(107 - '/.s.PGSQL.54321'.length - 1)}`;
    expect(Buffer.byteLength(`${edge}/.s.PGSQL.54321`)).toBe(107);
    expect(socketDir(edge, 54321)).toBe(edge);
    expect(socketDir(`${edge}x`, 54321)).toBeUndefined();
    // bytes, not characters: a non-ASCII directory name counts its UTF-8 length
    expect(socketDir(`/${'数'.repeat(34)}`, 54321)).toBeUndefined();
  });

  it('is none for a directory the setting cannot carry (a list separated by commas, spaces)', () => {
    expect(socketDir('/srv/erp data/postgres', 5432)).toBeUndefined();
    expect(socketDir('/srv/erp,data/postgres', 5432)).toBeUndefined();
  });
});
