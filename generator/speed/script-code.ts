// Scripts we compile ourselves with V8's code for them: the saved validators (schemas.ts) and the
// templates' bundle (templates-bundle.ts). Node's compile cache keeps a module's code as V8
// compiled it before the module ran, without the functions compiled lazily when first called,
// which for these two are most of their code. Here the code is saved once the script's functions
// have run (`save`), beside the script, named by V8's version; V8 checks it against the source,
// its version and its flags, and compiles anew when they differ or the data is damaged.
import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { Script } from 'node:vm';
import { threadId } from 'node:worker_threads';

export interface ScriptWithCode {
  script: Script;
  /** Where V8's code for it is kept. */
  codeFile: string;
  /** True when no code was used (none saved, or V8 rejected it): `save` then writes it. */
  fresh: boolean;
}

/** `source` compiled as a script named `file`, with the V8 code saved for it if there is any. */
export function compileWithCode(source: string, file: string): ScriptWithCode {
  const codeFile = `${file}.v8-${process.versions.v8}.code`;
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(codeFile);
  } catch {
    // None saved yet.
  }
  const script = new Script(source, { filename: file, cachedData });
  return { script, codeFile, fresh: !cachedData || script.cachedDataRejected === true };
}

/**
 * Saves V8's code for the script with the functions compiled by now, when none was used.
 * Through a temporary file and a rename; a read-only checkout goes without.
 */
export function saveCode(code: ScriptWithCode): void {
  if (!code.fresh) return;
  code.fresh = false;
  const temp = `${code.codeFile}.${process.pid}-${threadId}`;
  try {
    writeFileSync(temp, code.script.createCachedData());
    renameSync(temp, code.codeFile);
  } catch {
    rmSync(temp, { force: true });
  }
}
