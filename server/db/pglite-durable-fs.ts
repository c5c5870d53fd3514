// PGlite's data directory on the real file system, with fsync that reaches the disk. PGlite mounts the
// directory through Emscripten's NODEFS, whose files have no fsync operation: PostgreSQL's fsync() then
// returns success having done nothing (and its fdatasync() is a stub in the WASM build whatever the file
// system), so a commit could be acknowledged while only in the OS page cache. This file system gives
// NODEFS's files an fsync that calls the operating system's, and pglite-worker.ts runs PostgreSQL with
// fsync on and wal_sync_method=fsync (fdatasync being the stub).
import { fsyncSync } from 'node:fs';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/** The part of Emscripten's NODEFS this file touches: the operations shared by every file it opens. */
interface NodeFsModule {
  NODEFS: { stream_ops: { fsync?: (stream: { nfd?: number }) => number } };
}

export class DurableNodeFS extends NodeFS {
  override async init(...args: Parameters<NodeFS['init']>): ReturnType<NodeFS['init']> {
    const result = await super.init(...args);
    result.emscriptenOpts.preRun = [
      ...(result.emscriptenOpts.preRun ?? []),
      (mod) => {
        // NODEFS's stream_ops object is shared by every file node it creates: one assignment covers all
        (mod as unknown as NodeFsModule).NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd !== undefined) fsyncSync(stream.nfd);
          return 0;
        };
      },
    ];
    return result;
  }
}
