// The environment a thread whose code is TypeScript starts with (the page cache's reader, the
// card reader, Sass's thread).
import { getCompileCacheDir } from 'node:module';

/**
 * process.env, with Node's compile cache (bin/site.js enables it) named for the thread: a
 * thread reads NODE_COMPILE_CACHE as it starts, so the TypeScript it imports comes out of the
 * cache already stripped of its types. Without it Node loads its TypeScript stripper into each
 * such thread, which costs the process memory for every thread. (Calling enableCompileCache
 * inside the thread is too late for the thread's own module and what it imports: they are
 * loaded before its code runs.)
 */
export function threadEnv(): NodeJS.ProcessEnv {
  const dir = getCompileCacheDir?.();
  return dir ? { ...process.env, NODE_COMPILE_CACHE: dir } : process.env;
}
