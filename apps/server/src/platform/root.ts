import fs from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the nearest folder above this file that holds db/migrations. Found by
 * looking rather than by counting folders, so it holds for the sources and the built bundle alike.
 */
function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'db', 'migrations'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no db/migrations above ${from}`);
  }
}

export const ROOT = findRoot(import.meta.dirname);
