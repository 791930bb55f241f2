import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../root.ts';

// Issue 11 item 10: a clean `npm ci` prints no warning a newcomer must puzzle over
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
const installed = Object.entries(
  lock.packages as Record<string, { version?: string; engines?: { node?: string }; hasInstallScript?: boolean; optional?: boolean; dev?: boolean }>,
).filter(([key]) => key.includes('node_modules/'));

describe('install hygiene', () => {
  it('every locked package runs on the oldest Node the project supports (no EBADENGINE warning)', () => {
    const oldest = semver.minVersion(pkg.engines.node)!.version;
    const refused = installed
      .filter(([, p]) => typeof p.engines?.node === 'string' && !semver.satisfies(oldest, p.engines.node, { includePrerelease: true }))
      .map(([key, p]) => `${key}@${p.version} wants node ${p.engines!.node}`);
    expect(refused).toEqual([]);
  });

  it('every install script in the lockfile is approved in allowScripts (no install-scripts warning)', () => {
    const allowed = pkg.allowScripts ?? {};
    const unapproved = installed.filter(([key, p]) => p.hasInstallScript && !(key.split('node_modules/').pop()! in allowed)).map(([key]) => key);
    expect(unapproved).toEqual([]);
  });
});
