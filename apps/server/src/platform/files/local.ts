import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey } from './paths.ts';
import { UnsafePathError, type FileArea, type FileKey, type FileStore } from './store.ts';

/** Errors that mean "no such file" for a path that passed the safety check. */
const MISSING = new Set(['ENOENT', 'ENOTDIR', 'EISDIR', 'ENAMETOOLONG']);
const missing = (err: unknown) => MISSING.has((err as { code?: string }).code ?? '');

/**
 * Files on local disk: `<root>/<tenantId>/<area>/<path>`. Symbolic links inside the root are
 * followed (an operator may link a shared template folder); requests can never create one.
 */
export class LocalFileStore implements FileStore {
  constructor(readonly root: string) {}

  /** The absolute path of a key, after checking that it stays inside the tenant's area. */
  locate(key: FileKey): string {
    assertSafeKey(key);
    const base = path.resolve(this.root, String(key.tenantId), key.area);
    const full = path.resolve(base, key.path);
    if (!full.startsWith(base + path.sep)) throw new UnsafePathError('outside');
    return full;
  }

  async put(key: FileKey, data: Buffer): Promise<void> {
    const full = this.locate(key);
    await fsp.mkdir(path.dirname(full), { recursive: true });
    // written under a hidden name (never downloadable) and renamed into place in one step
    const tmp = path.join(path.dirname(full), `.${crypto.randomBytes(6).toString('hex')}.part`);
    try {
      await fsp.writeFile(tmp, data, { flag: 'wx' });
      await fsp.rename(tmp, full);
    } catch (err) {
      await fsp.rm(tmp, { force: true });
      throw err;
    }
  }

  async get(key: FileKey) {
    const full = this.locate(key);
    let fh: fsp.FileHandle;
    try {
      fh = await fsp.open(full, 'r');
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
    // opened before answering, so a concurrent delete cannot turn a 200 into a broken stream
    const st = await fh.stat().catch(() => undefined);
    if (!st?.isFile()) {
      await fh.close();
      return undefined;
    }
    return { stream: fh.createReadStream(), size: st.size };
  }

  async read(key: FileKey): Promise<Buffer | undefined> {
    try {
      return await fsp.readFile(this.locate(key));
    } catch (err) {
      if (missing(err)) return undefined;
      throw err;
    }
  }

  async exists(key: FileKey): Promise<boolean> {
    const st = await fsp.stat(this.locate(key)).catch((err) => {
      if (missing(err)) return undefined;
      throw err;
    });
    return !!st?.isFile();
  }

  async delete(key: FileKey): Promise<boolean> {
    try {
      await fsp.unlink(this.locate(key));
      return true;
    } catch (err) {
      if (missing(err)) return false;
      throw err;
    }
  }

  async *list(tenantId: number, area: FileArea, prefix: string): AsyncIterable<{ path: string; modified: Date }> {
    const base = path.resolve(this.root, String(tenantId), area);
    const walk = async function* (dir: string): AsyncIterable<{ path: string; modified: Date }> {
      const entries = await fsp.readdir(dir, { withFileTypes: true }).catch((err) => {
        if (missing(err)) return [];
        throw err;
      });
      for (const e of entries) {
        // hidden names are a put's own temporary files, never a file of the store
        if (e.name.startsWith('.')) continue;
        const full = path.join(dir, e.name);
        if (e.isDirectory()) yield* walk(full);
        else if (e.isFile()) yield { path: path.relative(base, full).split(path.sep).join('/'), modified: (await fsp.stat(full)).mtime };
      }
    };
    // the folder the prefix names (its files are filtered by the whole prefix)
    assertSafeKey({ tenantId, area, path: 'x' });
    const cut = prefix.lastIndexOf('/');
    const dir = cut > 0 ? this.locate({ tenantId, area, path: prefix.slice(0, cut) }) : base;
    for await (const f of walk(dir)) if (f.path.startsWith(prefix)) yield f;
  }
}
